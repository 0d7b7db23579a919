import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryAudit, recordAudit } from './audit';
import { withTargetUsers } from './audit-targets';
import { connect, migrate } from './db/connect';
import type { Database } from './db/schema';

// A user target is shown with the account it names, whether the entry kept its id or its address.
let dir: string;
let conn: Kysely<Database>;
const admin = { id: 'usr_admin0001', email: 'admin@signdesk.local', roles: ['admin' as const] };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'audit-targets-unit-'));
  conn = await connect({ dataDir: dir });
  await migrate(conn, false);
  const now = new Date().toISOString();
  await conn
    .insertInto('users')
    .values({
      id: 'usr_grace0001',
      email: 'grace@example.test',
      name: 'Grace Hopper',
      password_hash: 'x',
      roles: 'viewer',
      disabled: 0,
      session_version: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const entry = (operation: string, targetType: string, targetId: string) =>
    recordAudit(conn, { user: admin, operation, targetType, targetId, outcome: 'success', status: 200 });
  await entry('user.roles_change', 'user', 'usr_grace0001');
  await entry('user.create', 'user', 'grace@example.test');
  await entry('user.disable', 'user', 'usr_nobody0001');
  await entry('package.send', 'signature_package', 'usr_grace0001');
});
afterAll(async () => {
  await conn.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('withTargetUsers', () => {
  it('names the account of a user target by id or by address, and nothing else', async () => {
    const { data } = await queryAudit(conn, { page: 1, size: 10 });
    const entries = await withTargetUsers(conn, data);
    expect(entries.map((e) => [e.operation, e.target_id, e.target_user])).toEqual([
      ['package.send', 'usr_grace0001', null],
      ['user.disable', 'usr_nobody0001', null],
      ['user.create', 'grace@example.test', { name: 'Grace Hopper', email: 'grace@example.test' }],
      ['user.roles_change', 'usr_grace0001', { name: 'Grace Hopper', email: 'grace@example.test' }],
    ]);
    // The stored row is passed on whole: the name is beside it, not in place of anything.
    expect(entries[3]).toMatchObject({ ...data[3], target_user: { name: 'Grace Hopper' } });
  });

  it('leaves a page without user targets as it was, with no account beside any entry', async () => {
    const { data } = await queryAudit(conn, { operation: 'package.send', page: 1, size: 10 });
    expect(await withTargetUsers(conn, data)).toEqual(data.map((row) => ({ ...row, target_user: null })));
    expect(await withTargetUsers(conn, [])).toEqual([]);
  });
});
