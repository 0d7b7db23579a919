const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A duration as a person reads it: "45 min", "5.5 h", "3.2 days"; a dash for none. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < HOUR) return `${Math.round(ms / MINUTE)} min`;
  if (ms < 2 * DAY) return `${(ms / HOUR).toFixed(1).replace(/\.0$/, '')} h`;
  return `${(ms / DAY).toFixed(1).replace(/\.0$/, '')} days`;
}
