// The insights page's URL and its data route's query: the same names in both, so a link, the
// filter form and the route agree. Apart from lib/insights/query.ts (zod), which the browser
// never loads.

export const INSIGHTS_PERIODS = ['7d', '30d', '90d', 'custom'] as const;
export type InsightsPeriod = (typeof INSIGHTS_PERIODS)[number];

export const PERIOD_LABELS: Record<InsightsPeriod, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  custom: 'From – to',
};

/** The figures one CSV export holds: one per chart. */
export const INSIGHTS_FIGURES = [
  'packages-sent',
  'package-outcomes',
  'package-durations',
  'template-losses',
  'expiring-soon',
  'requests-submitted',
  'request-decisions',
  'revision-rounds',
  'requests-by-workflow',
  'layer-times',
  'request-sla',
] as const;
export type InsightsFigure = (typeof INSIGHTS_FIGURES)[number];

export const INSIGHTS_PARAMS = ['period', 'from', 'to', 'tz', 'team', 'template', 'workflow', 'sender'] as const;
export type InsightsParams = Partial<Record<(typeof INSIGHTS_PARAMS)[number], string>>;

/** The query string of these params, in a stable order, empty ones left out. */
export function insightsSearch(params: InsightsParams): string {
  const search = new URLSearchParams();
  for (const name of INSIGHTS_PARAMS) {
    const value = params[name];
    if (value) search.set(name, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
