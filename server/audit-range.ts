import 'server-only';
import { CALENDAR_DAY_MESSAGE, isCalendarDay } from '@/lib/calendar-day';
import { ConsoleError } from './errors';

const DAY_MS = 86_400_000;
// Stored timestamps are ISO text compared as text: past year 9999 toISOString gives
// "+010000-…", which sorts before every stored time and would match nothing.
const LAST_DAY = '9999-12-31';

/**
 * Inclusive calendar days (UTC) as a half-open ISO range. The query schema already refuses
 * other days; this refuses them too (a 422 naming the parameter), so no caller can turn one
 * into a 500 (Date cannot read 2026-13-45) or a filter on a day that does not exist.
 */
export function dayRange(from?: string, to?: string): { from?: string; to?: string } {
  const wrong = (['from', 'to'] as const).filter((name) => {
    const day = name === 'from' ? from : to;
    return day !== undefined && !isCalendarDay(day);
  });
  if (wrong.length > 0) {
    const details = wrong.map((path) => ({ path, message: CALENDAR_DAY_MESSAGE }));
    throw new ConsoleError(
      422,
      'VALIDATION_FAILED',
      `Invalid query: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
      details,
    );
  }
  const next = (day: string) =>
    day === LAST_DAY ? undefined : new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString();
  return { from: from ? `${from}T00:00:00.000Z` : undefined, to: to ? next(to) : undefined };
}
