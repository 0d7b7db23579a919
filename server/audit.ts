import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { User } from './users/users';

export interface AuditEntry {
  user: Pick<User, 'id' | 'email' | 'roles'> | null;
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
}

export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: new Date().toISOString(),
      user_id: entry.user?.id ?? null,
      user_email: entry.user?.email ?? null,
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
    })
    .execute();
}

export interface AuditQuery {
  user?: string;
  operation?: string;
  from?: string;
  to?: string;
  page: number;
  size: number;
}

export async function queryAudit(db: Kysely<Database>, q: AuditQuery) {
  let base = db.selectFrom('audit_log');
  if (q.user) base = base.where('user_email', '=', q.user.toLowerCase());
  if (q.operation) base = base.where('operation', '=', q.operation);
  if (q.from) base = base.where('at', '>=', q.from);
  if (q.to) base = base.where('at', '<', q.to);
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
