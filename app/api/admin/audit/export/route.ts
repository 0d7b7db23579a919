import { auditQuerySchema } from '@/lib/admin/schemas';
import { queryAudit } from '@/server/audit';
import { auditExportName } from '@/server/audit-export-name';
import { dayRange } from '@/server/audit-range';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { csvResponse, toCsv } from '@/server/lists/csv';

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
] as const;

// GET: the filtered audit log as CSV (up to 10,000 rows), named for its day and filters.
export const GET = handler(
  { permission: 'audit:read', query: auditQuerySchema.omit({ page: true, size: true }) },
  async ({ query }) => {
    const { data } = await queryAudit(await db(), { ...query, ...dayRange(query.from, query.to), page: 1, size: 10_000 });
    return csvResponse(toCsv(COLUMNS, data), auditExportName(query));
  },
);
