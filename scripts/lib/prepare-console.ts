import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Role } from '../../lib/roles.ts';
import { createUser, findUserByEmail, updateUser } from '../../server/users/users.ts';
import { openConsoleDb } from './console-db.ts';

const DEMO_ROLES: Role[] = ['viewer', 'operator', 'sender', 'admin'];
export const demoEmail = (role: Role) => `${role}@signdesk.local`;

// The data folder holds secrets and the console database: owner-only, as are the parents
// made on the way (connect() also takes back one an earlier version left open).
const PRIVATE_DIR = { recursive: true, mode: 0o700 } as const;

/** A session password for a local install, generated once and kept beside the database. */
export function localSessionPassword(dataDir: string): string {
  const file = join(dataDir, 'session-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, PRIVATE_DIR);
  const password = randomBytes(32).toString('base64url');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/**
 * The demo accounts' password: DEMO_PASSWORD when given, else the one generated once and kept
 * (mode 600) in `demo-password` in the data directory. With DEMO_PASSWORD given, a file an
 * earlier start left is removed: the accounts take the given password, and the file (which the
 * sign-in page would no longer name) must never hold one that does not sign in.
 */
export function demoPassword(dataDir: string, given: string | undefined): string {
  const file = join(dataDir, 'demo-password');
  if (given) {
    rmSync(file, { force: true });
    return given;
  }
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = `demo-${randomBytes(9).toString('base64url')}`;
  mkdirSync(dataDir, PRIVATE_DIR);
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/**
 * On the embedded sandbox only: one demo account per role, so a fresh install can be
 * explored at once, with demoPassword's password; against a real host no account is ever made here.
 */
export async function ensureDemoAccounts(dataDir: string): Promise<{ email: string; role: Role }[] & { password?: string }> {
  const password = demoPassword(dataDir, process.env.DEMO_PASSWORD);
  const conn = await openConsoleDb();
  try {
    for (const role of DEMO_ROLES) {
      const existing = await findUserByEmail(conn, demoEmail(role));
      if (!existing) await createUser(conn, { email: demoEmail(role), name: `Demo ${role}`, password, roles: [role] });
      else await updateUser(conn, existing.id, { password });
    }
  } finally {
    await conn.destroy();
  }
  return Object.assign(
    DEMO_ROLES.map((role) => ({ email: demoEmail(role), role })),
    { password },
  );
}
