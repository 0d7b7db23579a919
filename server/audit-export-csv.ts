import 'server-only';
import type { AuditRow } from '@/lib/admin/schemas';
import { toCsv } from '@/lib/csv/write-csv';

// New columns go at the end, so a sheet built on an earlier export keeps its columns.
const COLUMNS = [
  'id',
  'at',
  'user_email',
  'roles',
  'operation',
  'target_type',
  'target_id',
  'outcome',
  'status',
  'error_code',
  'upstream_request_id',
  'idempotency_key',
  'reason',
  'client_address',
  'instance',
  'team_id',
] as const;

/**
 * The audit log as CSV. Any signed-in user writes into it (their Idempotency-Key, a target id),
 * and an admin opens it: the shared writer's formula guard is what keeps that a file of text.
 */
export const auditCsv = (rows: readonly Pick<AuditRow, (typeof COLUMNS)[number]>[]): string => toCsv(COLUMNS, rows);
