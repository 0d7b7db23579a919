import { insightsQuerySchema } from '@/lib/insights/query';
import { handler } from '@/server/http/handler';
import { readInsights } from '@/server/insights/read-insights';

// GET: the insights page's figures for a period in the viewer's time zone, narrowed by team,
// template and sender, within the reader's teams and roles (server/insights/).
export const GET = handler({ permission: 'insights:read', query: insightsQuerySchema }, ({ query, user }) =>
  readInsights({ query, user }),
);
