import 'server-only';
import { randomBytes } from 'node:crypto';
import type { CompiledQuery, Kysely, Selectable } from 'kysely';
import { ROLES, type Role } from '@/lib/roles';
import type { Database, UsersTable } from '../db/schema';
import { sqliteFile } from '../db/connect';
import { hashPassword } from './password';

export interface User {
  id: string;
  email: string;
  name: string;
  roles: Role[];
  disabled: boolean;
  sessionVersion: number;
  createdAt: string;
  updatedAt: string;
  /** where the account comes from: a password set here, or the identity provider's sign-ins */
  origin: 'local' | 'oidc';
  lastSignInAt: string | null;
}

export const parseRoles = (text: string): Role[] =>
  text.split(',').filter((r): r is Role => (ROLES as readonly string[]).includes(r));

export const toUser = (row: Selectable<UsersTable>): User => ({
  id: row.id,
  email: row.email,
  name: row.name,
  roles: parseRoles(row.roles),
  disabled: row.disabled === 1,
  sessionVersion: row.session_version,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  origin: row.origin === 'oidc' ? 'oidc' : 'local',
  lastSignInAt: row.last_sign_in_at,
});

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export class EmailTakenError extends Error {}

export async function createUser(
  db: Kysely<Database>,
  input: { email: string; name: string; password: string; roles: Role[] },
  /** the password's hash when the caller already made one for it (hashPassword), else made here */
  passwordHash?: Promise<string>,
): Promise<User> {
  const email = normaliseEmail(input.email);
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) throw new EmailTakenError(`An account for ${email} already exists.`);
  const now = new Date().toISOString();
  const row = {
    id: `usr_${randomBytes(9).toString('base64url')}`,
    email,
    name: input.name.trim(),
    password_hash: await (passwordHash ?? hashPassword(input.password)),
    roles: [...new Set(input.roles)].join(','),
    disabled: 0,
    session_version: 1,
    created_at: now,
    updated_at: now,
    origin: 'local',
    oidc_subject: null,
    last_sign_in_at: null,
  };
  await db.insertInto('users').values(row).execute();
  return toUser(row);
}

export async function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

// Every authenticated request looks its user up. Building and compiling the query cost more
// than running it, so it is compiled once per database; on SQLite it then runs synchronously,
// skipping the driver's mutex and a dozen promises (users are never written in a transaction).
const byIdQueries = new WeakMap<Kysely<Database>, CompiledQuery<Selectable<UsersTable>>>();

export async function findUser(db: Kysely<Database>, id: string): Promise<User | null> {
  let query = byIdQueries.get(db);
  if (!query) byIdQueries.set(db, (query = db.selectFrom('users').selectAll().where('id', '=', '').compile()));
  const file = sqliteFile(db);
  const rows = file
    ? (file.prepare(query.sql).all([id]) as Selectable<UsersTable>[])
    : (await db.executeQuery({ ...query, parameters: [id] } as typeof query)).rows;
  return rows[0] ? toUser(rows[0]) : null;
}

export async function listUsers(db: Kysely<Database>): Promise<User[]> {
  return (await db.selectFrom('users').selectAll().orderBy('email').execute()).map(toUser);
}

/** Roles are read on every request, so they apply at once; disabling or a new password also ends sessions. */
export async function updateUser(
  db: Kysely<Database>,
  id: string,
  change: { roles?: Role[]; disabled?: boolean; password?: string; name?: string },
) {
  const values: Partial<Selectable<UsersTable>> = { updated_at: new Date().toISOString() };
  if (change.roles) values.roles = [...new Set(change.roles)].join(',');
  if (change.disabled !== undefined) values.disabled = change.disabled ? 1 : 0;
  if (change.password) values.password_hash = await hashPassword(change.password);
  if (change.name) values.name = change.name.trim();
  await db
    .updateTable('users')
    .set((eb) =>
      change.disabled !== undefined || change.password ? { ...values, session_version: eb('session_version', '+', 1) } : values,
    )
    .where('id', '=', id)
    .execute();
  return findUser(db, id);
}

export async function bumpSessionVersion(db: Kysely<Database>, id: string) {
  await db
    .updateTable('users')
    .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** The same password under today's hashing parameters; sessions stay valid (nothing changed for the user). */
export async function upgradePasswordHash(db: Kysely<Database>, id: string, oldHash: string, password: string) {
  // Only if nobody changed the password meanwhile: a concurrent reset must win.
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', id)
    .where('password_hash', '=', oldHash)
    .execute();
}
