import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryAudit, recordAudit } from './audit';
import { connect, migrate } from './db/connect';
import type { Database } from './db/schema';

// The audit filters over a real (SQLite) database: the user filter is a substring match,
// whose wildcards are the user's letters only, and the outcome filter narrows by result.
let dir: string;
let conn: Kysely<Database>;
const user = (email: string) => ({ id: `usr_${email.slice(0, 6)}`, email, roles: ['operator' as const] });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'audit-unit-'));
  conn = await connect({ dataDir: dir });
  await migrate(conn, false);
  await recordAudit(conn, { user: user('operator@signdesk.local'), operation: 'x.create', outcome: 'success', status: 200 });
  await recordAudit(conn, { user: user('operator@signdesk.local'), operation: 'x.create', outcome: 'failure', status: 409 });
  await recordAudit(conn, { user: user('op_er%x@example.test'), operation: 'x.create', outcome: 'unknown', status: 502 });
  await recordAudit(conn, { user: user('viewer@signdesk.local'), operation: 'x.read', outcome: 'success', status: 200 });
});
afterAll(async () => {
  await conn.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const emails = async (q: { user?: string; outcome?: 'success' | 'failure' | 'unknown' }) =>
  (await queryAudit(conn, { ...q, page: 1, size: 50 })).data.map((r) => `${r.user_email} ${r.outcome}`);

describe('queryAudit', () => {
  it('matches part of an address, in any case', async () => {
    expect(await emails({ user: 'OPER' })).toEqual(['operator@signdesk.local failure', 'operator@signdesk.local success']);
    expect(await emails({ user: 'signdesk.local' })).toHaveLength(3);
  });

  it('takes % and _ literally', async () => {
    expect(await emails({ user: 'op_er%' })).toEqual(['op_er%x@example.test unknown']);
    expect(await emails({ user: '%' })).toEqual(['op_er%x@example.test unknown']);
  });

  it('keeps the address a failed sign-in tried as its user, with no account behind it', async () => {
    await recordAudit(conn, { user: null, triedEmail: 'nobody@example.test', operation: 'auth.sign_in', outcome: 'failure', status: 401 });
    const [row] = (await queryAudit(conn, { user: 'nobody', page: 1, size: 50 })).data;
    expect(row).toMatchObject({ user_email: 'nobody@example.test', user_id: null, roles: null, outcome: 'failure' });
    await conn.deleteFrom('audit_log').where('user_email', '=', 'nobody@example.test').execute();
  });

  it('narrows by outcome, alone or with the user', async () => {
    expect(await emails({ outcome: 'failure' })).toEqual(['operator@signdesk.local failure']);
    expect(await emails({ user: 'oper', outcome: 'success' })).toEqual(['operator@signdesk.local success']);
    expect((await queryAudit(conn, { outcome: 'success', page: 1, size: 50 })).pagination.total).toBe(2);
  });
});

describe('the entries of one request', () => {
  it('are written together, at one time, in the order given', async () => {
    const change = (operation: string) => ({ user: user('admin@signdesk.local'), operation, targetType: 'user', targetId: 'usr_grace0001', outcome: 'success' as const, status: 200 });
    await recordAudit(conn, change('x.first'), change('x.second'));
    const rows = (await queryAudit(conn, { user: 'admin@signdesk.local', page: 1, size: 5 })).data;
    expect(rows.map((r) => r.operation)).toEqual(['x.second', 'x.first']);
    expect(rows[0]!.id).toBe(rows[1]!.id + 1);
    expect(rows[0]!.at).toBe(rows[1]!.at);
  });

  it('are written all or none', async () => {
    const before = (await queryAudit(conn, { page: 1, size: 1 })).pagination.total;
    const fine = { user: null, operation: 'x.fine', outcome: 'success' as const, status: 200 };
    // A status the table cannot hold (NOT NULL) fails the statement, and takes the first entry with it.
    const broken = { ...fine, operation: 'x.broken', status: null as unknown as number };
    await expect(recordAudit(conn, fine, broken)).rejects.toThrow();
    expect((await queryAudit(conn, { page: 1, size: 1 })).pagination.total).toBe(before);
  });
});

describe('where an action came from', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('records the client address given and the instance that wrote the entry', async () => {
    vi.stubEnv('INSTANCE_ID', 'console-b');
    await recordAudit(conn, { user: user('origin@signdesk.local'), operation: 'x.origin', outcome: 'success', status: 200, clientAddress: '198.51.100.9' });
    const [row] = (await queryAudit(conn, { operation: 'x.origin', page: 1, size: 5 })).data;
    expect(row).toMatchObject({ client_address: '198.51.100.9', instance: 'console-b' });
  });

  it('names the instance by host and port without INSTANCE_ID, and leaves the address empty outside a request', async () => {
    vi.stubEnv('INSTANCE_ID', '');
    vi.stubEnv('PORT', '3001');
    await recordAudit(conn, { user: null, operation: 'x.cli', outcome: 'success', status: 200 });
    const [row] = (await queryAudit(conn, { operation: 'x.cli', page: 1, size: 5 })).data;
    expect(row).toMatchObject({ client_address: null, instance: `${hostname()}:3001` });
  });
});
