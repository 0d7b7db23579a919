// Days in query strings and filters are YYYY-MM-DD (UTC). The shape alone lets through
// days that do not exist (2026-02-30, 0000-00-00), which Date rolls over or cannot read.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export const CALENDAR_DAY_MESSAGE = 'must be a calendar date as YYYY-MM-DD';

/** A real day of the Gregorian calendar from year 1 to 9999, written YYYY-MM-DD. */
export function isCalendarDay(text: string): boolean {
  const parts = DAY.exec(text);
  if (!parts) return false;
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}
