import { z } from 'zod';
import { CALENDAR_DAY_MESSAGE, isCalendarDay } from '../calendar-day.ts';
import { INSIGHTS_FIGURES, INSIGHTS_PERIODS } from './params.ts';

/** The longest from–to the page reads: a year and a day, so "the same day last year" fits. */
export const MAX_PERIOD_DAYS = 366;

const day = z.string().refine(isCalendarDay, CALENDAR_DAY_MESSAGE);
const id = z.string().trim().min(1).max(120);

/** Whether the runtime knows `tz` as an IANA time zone (Europe/Berlin, UTC). */
export function isTimeZone(tz: string): boolean {
  if (tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const spanDays = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

const shape = {
  period: z.enum(INSIGHTS_PERIODS).default('30d'),
  from: day.optional(),
  to: day.optional(),
  tz: z
    .string()
    .refine(isTimeZone, 'must be a time zone the console knows, as the browser names it (Europe/Berlin)')
    .default('UTC'),
  team: id.optional(),
  template: id.optional(),
  workflow: id.optional(),
  sender: id.optional(),
};

type PeriodFields = { period: string; from?: string; to?: string };

// from and to belong to a custom period only, and make one of at most MAX_PERIOD_DAYS days.
function checkPeriod(q: PeriodFields, ctx: z.RefinementCtx) {
  if (q.period !== 'custom') {
    for (const end of ['from', 'to'] as const) {
      if (q[end]) ctx.addIssue({ code: 'custom', path: [end], message: 'is only read with period=custom' });
    }
    return;
  }
  if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'is required with period=custom' });
  if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'is required with period=custom' });
  if (!q.from || !q.to) return;
  if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
  else if (spanDays(q.from, q.to) > MAX_PERIOD_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${MAX_PERIOD_DAYS} days after from` });
}

/** GET /api/insights and the page's URL: the period, the viewer's time zone and the filters. */
export const insightsQuerySchema = z.object(shape).strict().superRefine(checkPeriod);
export type InsightsQuery = z.output<typeof insightsQuerySchema>;

/** GET /api/insights/export: the same query and which figure to write. */
export const insightsExportQuerySchema = z
  .object({ ...shape, figure: z.enum(INSIGHTS_FIGURES) })
  .strict()
  .superRefine(checkPeriod);
