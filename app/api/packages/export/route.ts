import { packageExportQuerySchema } from '@/lib/list/filtered-list-queries';
import { handler } from '@/server/http/handler';
import { narrowScope } from '@/server/teams/scope';
import { csvResponse } from '@/server/lists/csv';
import { exportPackages, PACKAGE_EXPORT_ROWS } from '@/server/packages/export-packages';

// GET: what the packages list shows for the same filters, every page of it (the newest
// PACKAGE_EXPORT_ROWS at most), as CSV named for its day and filters.
export const GET = handler(
  { permission: 'packages:read', query: packageExportQuerySchema },
  async ({ query: { team, ...query } }) => {
    if (team) await narrowScope(team);
    const { body, fileName, complete } = await exportPackages({ filters: query });
    const res = csvResponse(body, fileName);
    // The list says so too; a script reading the file learns it here.
    if (!complete) res.headers.set('x-signdesk-export-limit', String(PACKAGE_EXPORT_ROWS));
    return res;
  },
);
