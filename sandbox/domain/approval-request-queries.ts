import type { Statement } from 'better-sqlite3';
import { notFound } from '../http/errors.ts';
import type { Page } from '../http/pagination.ts';
import type { Services } from '../services.ts';
import type { Db } from '../store/db.ts';
import { viewRequest, type ApprovalRequestRecord, type ApprovalRequestView, type RequestStatus } from './approval-requests.ts';

// Ownership lives in the records table's app_id column, not in the JSON, so it is queried
// there (Records.getOwned); one prepared statement per shape and database.
const statements = new WeakMap<Db, Map<string, Statement>>();
function stmt(db: Db, sql: string): Statement {
  let byDb = statements.get(db);
  if (!byDb) statements.set(db, (byDb = new Map()));
  let s = byDb.get(sql);
  if (!s) byDb.set(sql, (s = db.prepare(sql)));
  return s;
}

export function getOwnedRequest(services: Services, id: string, appId: string): ApprovalRequestRecord {
  const found = services.records.getOwned<ApprovalRequestRecord>('approval_request', id, appId);
  if (!found) throw notFound('The approval request');
  return found;
}

export function externalIdTaken(services: Services, appId: string, externalId: string): boolean {
  const sql = "SELECT 1 FROM records WHERE kind = 'approval_request' AND app_id = ? AND json_extract(data, '$.external_id') = ?";
  return stmt(services.db, sql).get(appId, externalId) !== undefined;
}

export interface RequestListQuery {
  page: number;
  size: number;
  q?: string;
  status?: RequestStatus;
}

/** Newest first; `q` matches the request id or external_id as a substring. */
export function listRequests(services: Services, appId: string, query: RequestListQuery): Page<ApprovalRequestView> {
  const clauses = ["kind = 'approval_request'", 'app_id = @appId'];
  const params: Record<string, unknown> = { appId };
  if (query.status) {
    clauses.push('status = @status');
    params.status = query.status;
  }
  if (query.q) {
    clauses.push("(id LIKE @q ESCAPE '\\' OR json_extract(data, '$.external_id') LIKE @q ESCAPE '\\')");
    params.q = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  }
  const where = clauses.join(' AND ');
  const total = (stmt(services.db, `SELECT COUNT(*) AS n FROM records WHERE ${where}`).get(params) as { n: number }).n;
  const rows = stmt(services.db, `SELECT data FROM records WHERE ${where} ORDER BY seq DESC LIMIT @limit OFFSET @offset`).all({
    ...params,
    limit: query.size,
    offset: (query.page - 1) * query.size,
  }) as { data: string }[];
  const now = services.clock.now();
  return {
    data: rows.map((row) => viewRequest(JSON.parse(row.data) as ApprovalRequestRecord, now)),
    pagination: { page: query.page, size: query.size, total, pages: Math.ceil(total / query.size) },
  };
}
