import { insightsExportQuerySchema } from '@/lib/insights/query';
import { handler } from '@/server/http/handler';
import { insightsCsv } from '@/server/insights/insights-csv';
import { readInsights } from '@/server/insights/read-insights';
import { csvResponse, exportFileName } from '@/server/lists/csv';

// GET: one chart's figures as CSV, the same figures the page draws for the same query, read
// alone (the page's other figures are not read for it).
export const GET = handler({ permission: 'insights:read', query: insightsExportQuerySchema }, async ({ query, user }) => {
  const { figure, ...rest } = query;
  const data = await readInsights({ query: rest, user, figure });
  const fileName = exportFileName(`insights-${figure}`, { from: data.period.from, to: data.period.to, ...data.filters }, [
    'from',
    'to',
    'team',
    'template',
    'workflow',
    'sender',
  ]);
  return csvResponse(insightsCsv(figure, data), fileName);
});
