import { isCalendarDay } from '../calendar-day.ts';

// The packages and approval-requests lists narrow by when a record was sent and when it last
// changed, in whole UTC days as the URL holds them (sent_from=2026-11-01&sent_to=2026-11-30).
// The API's list routes take no dates (spec section 4), so the console reads the matching
// pages itself (server/lists/scan-list.ts) and keeps those in range.

export const DATE_RANGES = [
  { key: 'sent', label: 'Sent' },
  { key: 'updated', label: 'Updated' },
] as const;
export type DateRangeKey = (typeof DATE_RANGES)[number]['key'];

/** The URL's names of the range ends: sent_from, sent_to, updated_from, updated_to. */
export const DATE_RANGE_PARAMS = DATE_RANGES.flatMap(({ key }) => [`${key}_from`, `${key}_to`] as const);
export type DateRangeParam = (typeof DATE_RANGE_PARAMS)[number];

export type DateRangeQuery = Partial<Record<DateRangeParam, string>>;

/** A range whose end comes before its start: its `_to` names the problem. */
export function backwardsRanges(query: DateRangeQuery): DateRangeParam[] {
  return DATE_RANGES.flatMap(({ key }) => {
    const from = query[`${key}_from`];
    const to = query[`${key}_to`];
    return from && to && from > to ? [`${key}_to` as const] : [];
  });
}

export const hasDateRange = (query: DateRangeQuery) => DATE_RANGE_PARAMS.some((p) => Boolean(query[p]));

/** Whether an instant (ISO) falls within the inclusive UTC days from..to; none is out of any range. */
export function withinDays(at: string | null | undefined, from?: string, to?: string): boolean {
  if (!from && !to) return true;
  if (!at) return false;
  const t = Date.parse(at);
  if (Number.isNaN(t)) return false;
  const day = new Date(t).toISOString().slice(0, 10);
  return (!from || day >= from) && (!to || day <= to);
}

/** The ranges a list's URL holds; a day that is not a calendar day is left out (the field shows it empty). */
export function rangesIn(filters: Record<string, string | undefined>): DateRangeQuery {
  return Object.fromEntries(DATE_RANGE_PARAMS.flatMap((p) => (filters[p] && isCalendarDay(filters[p]) ? [[p, filters[p]]] : [])));
}
