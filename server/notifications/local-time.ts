import 'server-only';

// A person's wall clock, for the daily digest. The digest of a local day is due from the first
// instant that day whose local hour is at or past the chosen one. That one rule covers both
// turns of daylight saving time: an hour that does not exist (02:00 when clocks jump from 01:59
// to 03:00) is due at 03:00, the first instant past it; an hour that comes twice (01:00 when
// clocks fall back from 01:59 to 01:00) is due at its first coming, and the second finds the
// day's digest row already there (one per person and local date).

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string) {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

export interface LocalHour {
  /** YYYY-MM-DD on the person's calendar */
  date: string;
  /** 0–23 on the person's clock */
  hour: number;
}

/** The local date and hour of `at` in `timeZone` (an IANA name; an unknown one throws RangeError). */
export function localHour(at: Date, timeZone: string): LocalHour {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** Whether the day's digest is due at `now`: the local hour has reached `digestHour` (see above for DST). */
export const digestDue = (now: Date, timeZone: string, digestHour: number) => localHour(now, timeZone).hour >= digestHour;

/**
 * Whether something recorded at `at` belongs in the digest of `day` (the local date the digest is
 * sent on): recorded before that day's digest hour. What comes after it waits for the next day's,
 * so a digest never goes out at a random hour for an item that came after the day's was due.
 */
export function beforeDigestOf(at: Date, day: string, timeZone: string, digestHour: number): boolean {
  const t = localHour(at, timeZone);
  return t.date < day || (t.date === day && t.hour < digestHour);
}
