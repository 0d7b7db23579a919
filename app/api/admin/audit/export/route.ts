import { auditQuerySchema } from '@/lib/admin/schemas';
import { queryAudit } from '@/server/audit';
import { auditExportName } from '@/server/audit-export-name';
import { dayRange } from '@/server/audit-range';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';

// New columns go at the end, so a sheet built on an earlier export keeps its columns.
const COLUMNS = ['id', 'at', 'user_email', 'roles', 'operation', 'target_type', 'target_id', 'outcome', 'status', 'error_code', 'upstream_request_id', 'idempotency_key', 'reason', 'client_address', 'instance'] as const;

/** RFC 4180 quoting, and a leading quote on cells a spreadsheet would run as a formula. */
const cell = (v: unknown) => {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

// GET: the filtered audit log as CSV (up to 10,000 rows), named for its day and filters.
export const GET = handler({ permission: 'audit:read', query: auditQuerySchema.omit({ page: true, size: true }) }, async ({ query }) => {
  const { data } = await queryAudit(await db(), { ...query, ...dayRange(query.from, query.to), page: 1, size: 10_000 });
  const lines = [COLUMNS.join(','), ...data.map((row) => COLUMNS.map((c) => cell(row[c])).join(','))];
  return new Response(`${lines.join('\r\n')}\r\n`, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${auditExportName(query)}"`, 'cache-control': 'no-store' },
  });
});
