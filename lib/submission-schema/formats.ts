// The string formats a submission schema's fields may name (fields.ts), checked alike by the
// browser's form and the API's sandbox.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD naming a day that exists (no 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // setUTCFullYear, not Date.UTC: that one reads years 0-99 as 1900-1999 (RFC 3339 has 0000-9999).
  const at = new Date(0);
  at.setUTCFullYear(y, mo - 1, d);
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
}

// RFC 3339 section 5.6: a full date, T, a full time with seconds, and an offset (Z or ±hh:mm).
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/;

/** An RFC 3339 date-time: a real day, a real time of day, and its offset from UTC. */
export function isDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m || !isCalendarDate(m[1]!)) return false;
  const [h, min, s] = [Number(m[2]), Number(m[3]), Number(m[4])];
  const offsetOk = m[7] === undefined || (Number(m[7]) <= 23 && Number(m[8]) <= 59);
  // Second 60 is a leap second, which RFC 3339 allows.
  return h <= 23 && min <= 59 && s <= 60 && offsetOk;
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\S*$/;

/** An absolute URI (RFC 3986): a scheme, then a part without spaces that a URL parser reads. */
export function isAbsoluteUri(value: string): boolean {
  return SCHEME.test(value) && URL.canParse(value);
}

/** `YYYY-MM-DDTHH:mm` as a datetime-local input holds it, in the browser's zone, as RFC 3339 UTC. */
export function localToDateTime(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at.toISOString().replace('.000Z', 'Z');
}

/** An RFC 3339 date-time as a datetime-local input shows it, in the browser's zone. */
export function dateTimeToLocal(value: string): string {
  const at = new Date(value);
  if (!isDateTime(value) || Number.isNaN(at.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  const seconds = at.getSeconds() ? `:${pad(at.getSeconds())}` : '';
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}${seconds}`;
}
