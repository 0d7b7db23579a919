import 'server-only';
import type { InsightsQuery } from '@/lib/insights/query';

// A period is whole days of the viewer's calendar (the `tz` their browser names), so "last 7
// days" in Berlin starts at Berlin's midnight. The database keeps UTC instants (ISO text, which
// sorts as time), so each day and bucket becomes the instants its local midnights fall on; a day
// across a change of clocks is 23 or 25 hours long, and counts what happened in it.

export const DAY_MS = 86_400_000;

/** A bucket of the period: local days from..to (inclusive), instants start..end (end excluded). */
export interface Bucket {
  from: string;
  to: string;
  start: string;
  end: string;
}

export interface Period {
  from: string;
  to: string;
  tz: string;
  /** the instant the first day begins and the one after the last day ends */
  start: string;
  end: string;
  unit: 'day' | 'week';
  buckets: Bucket[];
}

/** Per day up to this many days; beyond, per week. */
export const MAX_DAILY_DAYS = 31;

// A formatter is costly to make and a period asks hundreds of times: one per zone and kind, kept.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'day' | 'clock', tz: string): Intl.DateTimeFormat {
  const key = `${kind} ${tz}`;
  let made = formats.get(key);
  if (!made) {
    made =
      kind === 'day'
        ? new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })
        : new Intl.DateTimeFormat('en-US', {
            timeZone: tz,
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
          });
    formats.set(key, made);
  }
  return made;
}
const dayFormat = (tz: string) => formatter('day', tz);

/** The local calendar day of an instant in `tz`, YYYY-MM-DD. */
export const dayIn = (instant: Date, tz: string) => dayFormat(tz).format(instant);

/** `day` moved by `n` days (calendar days, no clock involved). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

// How far `tz`'s wall clock is ahead of UTC at `instant`, in ms.
function offsetAt(instant: number, tz: string): number {
  const parts = formatter('clock', tz).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant `day` begins in `tz`: its local midnight. Read twice, since the offset at the
 * guess may not be the offset at midnight (a change of clocks in between); where a zone skips
 * midnight itself, the day begins at the first instant that is that day.
 */
export function startOfDay(day: string, tz: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`);
  let t = wall - offsetAt(wall, tz);
  t = wall - offsetAt(t, tz);
  if (dayIn(new Date(t), tz) < day) t += 3_600_000;
  return new Date(t);
}

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The local days of `from..to` in buckets: each day, or weeks from Monday (the first and last cut to the period). */
export function bucketsOf(from: string, to: string, tz: string, unit: 'day' | 'week'): Bucket[] {
  const buckets: Bucket[] = [];
  let day = from;
  while (day <= to) {
    // Monday is 1: a week runs to the Sunday after (or the period's last day).
    const last = unit === 'day' ? day : minDay(addDays(day, (7 - weekday(day)) % 7), to);
    const next = addDays(last, 1);
    buckets.push({ from: day, to: last, start: startOfDay(day, tz).toISOString(), end: startOfDay(next, tz).toISOString() });
    day = next;
  }
  return buckets;
}

const minDay = (a: string, b: string) => (a < b ? a : b);

/** The number of local days from..to, both counted. */
export const daysIn = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** The period a query names, as of `now`: the last N days end today (in `tz`), today counted. */
export function periodOf(query: Pick<InsightsQuery, 'period' | 'from' | 'to' | 'tz'>, now: Date): Period {
  const { tz } = query;
  let from: string;
  let to: string;
  if (query.period === 'custom') {
    from = query.from!;
    to = query.to!;
  } else {
    to = dayIn(now, tz);
    from = addDays(to, -(Number.parseInt(query.period, 10) - 1));
  }
  const unit = daysIn(from, to) <= MAX_DAILY_DAYS ? 'day' : 'week';
  return {
    from,
    to,
    tz,
    start: startOfDay(from, tz).toISOString(),
    end: startOfDay(addDays(to, 1), tz).toISOString(),
    unit,
    buckets: bucketsOf(from, to, tz, unit),
  };
}
