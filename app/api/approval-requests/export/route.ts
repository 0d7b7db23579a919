import { approvalExportQuerySchema } from '@/lib/list/filtered-list-queries';
import { exportApprovalRequests, REQUEST_EXPORT_ROWS } from '@/server/approval-requests/export-approval-requests';
import { handler } from '@/server/http/handler';
import { narrowScope } from '@/server/teams/scope';
import { csvResponse } from '@/server/lists/csv';

// GET: what the approval-requests list shows for the same filters, every page of it (the
// newest REQUEST_EXPORT_ROWS at most), as CSV named for its day and filters.
export const GET = handler(
  { permission: 'approvals:read', query: approvalExportQuerySchema },
  async ({ query: { team, ...query } }) => {
    if (team) await narrowScope(team);
    const { body, fileName, complete } = await exportApprovalRequests({ filters: query });
    const res = csvResponse(body, fileName);
    if (!complete) res.headers.set('x-signdesk-export-limit', String(REQUEST_EXPORT_ROWS));
    return res;
  },
);
