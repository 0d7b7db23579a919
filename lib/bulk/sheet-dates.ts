import { isCalendarDate } from '../submission-schema/formats.ts';

// Spreadsheets hold dates as their authors' locales write them. The API takes YYYY-MM-DD only,
// so the browser reads the forms that can mean one day only and sends ISO; the server (which
// does not know the sender's locale) checks ISO alone. Slashes are the ambiguous case: 1/2/2027
// is 2 January in the US and 1 February in the UK.

export const DATE_FORM = 'YYYY-MM-DD';
export const DATE_EXAMPLE = '2027-01-31';

export type SlashOrder = 'month-first' | 'day-first';

/** How a locale orders day and month when it writes a date with slashes; null when it does not write slashes that way. */
export function slashOrder(locale: string): SlashOrder | null {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat(locale).formatToParts(new Date(2027, 0, 15));
  } catch {
    return null;
  }
  const slashes = parts.filter((p) => p.type === 'literal').every((p) => p.value === '/');
  const order = parts.filter((p) => p.type !== 'literal').map((p) => p.type);
  if (!slashes) return null;
  if (order.join() === 'month,day,year') return 'month-first';
  if (order.join() === 'day,month,year') return 'day-first';
  return null;
}

const iso = (y: string, m: string, d: string) => `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
const unreadable = (text: string) => ({ problem: `“${text}” is not a date: write it as ${DATE_FORM}, e.g. ${DATE_EXAMPLE}` });
const ofDay = (date: string, text: string) => (isCalendarDate(date) ? { iso: date } : unreadable(text));

/**
 * A spreadsheet cell as a date: ISO as it is, day.month.year, and month/day/year or
 * day/month/year when one part is above 12 or `locale` writes slashes in a known order.
 * Null for a blank cell.
 */
export function readSheetDate(cell: string, locale: string): { iso: string } | { problem: string } | null {
  const text = cell.trim();
  if (text === '') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return ofDay(text, text);
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (dotted) return ofDay(iso(dotted[3]!, dotted[2]!, dotted[1]!), text);
  const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (!slashed) return unreadable(text);
  const [a, b, y] = [slashed[1]!, slashed[2]!, slashed[3]!];
  const monthFirst = iso(y, a, b);
  const dayFirst = iso(y, b, a);
  if (Number(a) > 12) return ofDay(dayFirst, text);
  if (Number(b) > 12 || a === b) return ofDay(monthFirst, text);
  const order = slashOrder(locale);
  if (order) return ofDay(order === 'month-first' ? monthFirst : dayFirst, text);
  return {
    problem: `“${text}” could be ${monthFirst} or ${dayFirst}: write it as ${DATE_FORM}, e.g. ${DATE_EXAMPLE}`,
  };
}
