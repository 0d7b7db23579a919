import { auditQuerySchema } from '@/lib/admin/schemas';
import { auditOperations, queryAudit } from '@/server/audit';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { dayRange } from '@/server/audit-range';
import { withTargetUsers } from '@/server/audit-targets';

// GET: the audit log, newest first, filtered by user, operation and date; user targets name their account.
export const GET = handler({ permission: 'audit:read', query: auditQuerySchema }, async ({ query }) => {
  const conn = await db();
  const [page, operations] = await Promise.all([queryAudit(conn, { ...query, ...dayRange(query.from, query.to) }), auditOperations(conn)]);
  return { ...page, data: await withTargetUsers(conn, page.data), operations };
});
