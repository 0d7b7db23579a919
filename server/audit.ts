import 'server-only';
import { sql, type Kysely } from 'kysely';
import { hostname } from 'node:os';
import { headers } from 'next/headers';
import { clientAddress } from './auth/request-info';
import type { Database } from './db/schema';
import { instanceId } from './env';
import type { User } from './users/users';

/** One change a request made, as its audit entry names it: the operation and what it keeps of the body. */
export interface AuditChange {
  operation: string;
  details?: Record<string, unknown>;
}

export interface AuditEntry {
  user: Pick<User, 'id' | 'email' | 'roles'> | null;
  /**
   * Without a user: the address a sign-in tried, kept as the entry's e-mail (user_id stays
   * empty) so the user filter finds failed attempts on an account. Never the password.
   */
  triedEmail?: string;
  operation: string;
  targetType?: string;
  targetId?: string | null;
  /** unknown: a keyed write whose answer never came; the intent journal follows it up */
  outcome: 'success' | 'failure' | 'unknown';
  status: number;
  errorCode?: string | null;
  upstreamRequestId?: string | null;
  idempotencyKey?: string | null;
  reason?: string | null;
  details?: Record<string, unknown>;
  /** the team it concerns: a team's own change or membership, a record made or assigned for it */
  teamId?: string | null;
  /** the caller's address (request-info.ts); when not given, that of the request being served, if any */
  clientAddress?: string | null;
  /** where it was done when not by a console instance: SHELL_INSTANCE for the project's commands */
  instance?: string;
}

/** The audit log's "instance" of what an operator did with a project command (npm run user, unthrottle). */
export const shellInstance = () => `command line on ${hostname()}`;

/** The address of the request being served, or null outside one (the CLI, tests). */
async function addressOfRequest(): Promise<string | null> {
  try {
    return clientAddress(await headers());
  } catch {
    return null;
  }
}

/**
 * Writes one entry, or the several of one request (one per change it made) in one statement:
 * all or none, at one time, in the order given.
 */
export async function recordAudit(db: Kysely<Database>, ...entries: [AuditEntry, ...AuditEntry[]]): Promise<void> {
  const at = new Date().toISOString();
  const requestAddress = entries.some((e) => !e.clientAddress) ? await addressOfRequest() : null;
  await db
    .insertInto('audit_log')
    .values(
      entries.map((entry) => ({
        at,
        user_id: entry.user?.id ?? null,
        user_email: entry.user?.email ?? entry.triedEmail ?? null,
        roles: entry.user?.roles.join(',') ?? null,
        operation: entry.operation,
        target_type: entry.targetType ?? null,
        target_id: entry.targetId ?? null,
        outcome: entry.outcome,
        status: entry.status,
        error_code: entry.errorCode ?? null,
        upstream_request_id: entry.upstreamRequestId ?? null,
        idempotency_key: entry.idempotencyKey ?? null,
        reason: entry.reason ?? null,
        details: entry.details ? JSON.stringify(entry.details) : null,
        client_address: entry.clientAddress || requestAddress,
        instance: entry.instance ?? instanceId(),
        team_id: entry.teamId ?? null,
      })),
    )
    .execute();
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface AuditQuery {
  /** part of an address, in any case */
  user?: string;
  outcome?: AuditEntry['outcome'];
  operation?: string;
  from?: string;
  to?: string;
  /** a team's id: the entries about it */
  team?: string;
  page: number;
  size: number;
}

export async function queryAudit(db: Kysely<Database>, q: AuditQuery) {
  let base = db.selectFrom('audit_log');
  // Addresses are stored lower-cased; the typed letters are matched literally (a % or _ in
  // the box is not a wildcard), the same way on SQLite and PostgreSQL.
  if (q.user) base = base.where(sql<boolean>`user_email like ${`%${escapeLike(q.user.toLowerCase())}%`} escape '\\'`);
  if (q.outcome) base = base.where('outcome', '=', q.outcome);
  if (q.operation) base = base.where('operation', '=', q.operation);
  if (q.from) base = base.where('at', '>=', q.from);
  if (q.to) base = base.where('at', '<', q.to);
  if (q.team) base = base.where('team_id', '=', q.team);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  const count = Number(total);
  return { data: rows, pagination: { page: q.page, size: q.size, total: count, pages: Math.ceil(count / q.size) } };
}

export async function auditOperations(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('audit_log').select('operation').distinct().orderBy('operation').execute();
  return rows.map((r) => r.operation);
}
