import { auditQuerySchema } from '@/lib/admin/schemas';
import { queryAudit } from '@/server/audit';
import { auditCsv } from '@/server/audit-export-csv';
import { auditExportName } from '@/server/audit-export-name';
import { dayRange } from '@/server/audit-range';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { csvResponse } from '@/server/lists/csv';

// GET: the filtered audit log as CSV (up to 10,000 rows), named for its day and filters.
export const GET = handler(
  { permission: 'audit:read', query: auditQuerySchema.omit({ page: true, size: true }) },
  async ({ query }) => {
    const { data } = await queryAudit(await db(), { ...query, ...dayRange(query.from, query.to), page: 1, size: 10_000 });
    return csvResponse(auditCsv(data), auditExportName(query));
  },
);
