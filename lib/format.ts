// Every date and number the console shows goes through here, in the reader's own locale
// (the browser's languages). Times stay in UTC and say so: the API, the audit log and the
// sandbox clock all speak UTC, and one explicit zone keeps two readers' screens comparable.
//
// The server has no navigator: a page it renders with data (server/http/prefetch.ts) formats
// in the locales of the request's Accept-Language, which the browser sends from the same
// language list, and the components on such a page take their locales from
// useReaderLocales (components/ui/use-reader-locales.ts) so hydration sees the same text.

const FALLBACK = 'en-GB';

/** The reader's locales: `navigator.languages` in the browser, a fixed one on the server. */
export function readerLocales(): readonly string[] {
  if (typeof navigator !== 'undefined' && navigator.languages?.length) return navigator.languages;
  return [FALLBACK];
}

/**
 * The locales an Accept-Language header asks for, most wanted first ("de-DE,de;q=0.9,en;q=0.8"
 * → de-DE, de, en); tags Intl cannot read, wildcards and q=0 are dropped; at most five.
 */
export function localesFromAcceptLanguage(header: string | null | undefined): readonly string[] {
  const wanted: { tag: string; q: number; at: number }[] = [];
  for (const [at, part] of (header ?? '').split(',').entries()) {
    const [rawTag = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!rawTag || rawTag === '*' || !Number.isFinite(q) || q <= 0) continue;
    try {
      const [tag] = Intl.getCanonicalLocales(rawTag);
      if (tag && !wanted.some((w) => w.tag === tag)) wanted.push({ tag, q, at });
    } catch {
      // Not a language tag: a reader is never refused a page for a header like that.
    }
  }
  const tags = wanted.sort((a, b) => b.q - a.q || a.at - b.at).map((w) => w.tag);
  return tags.length ? tags.slice(0, 5) : [FALLBACK];
}

type Locales = readonly string[] | string;

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(locales: Locales, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${String(locales)}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) cache.set(key, (format = new Intl.DateTimeFormat(locales as string[], { timeZone: 'UTC', ...options })));
  return format;
}

function numberFormat(locales: Locales, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${String(locales)}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) cache.set(key, (format = new Intl.NumberFormat(locales as string[], options)));
  return format;
}

const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' };

/** An instant as the API writes it (ISO), or as epoch ms (a deadline kept on the API's clock). */
type Instant = string | number | null | undefined;

function formatInstant(at: Instant, options: Intl.DateTimeFormatOptions, locales: Locales): string {
  if (at === null || at === undefined || at === '') return '—';
  const t = typeof at === 'number' ? at : Date.parse(at);
  return Number.isNaN(t) ? String(at) : dateFormat(locales, options).format(t);
}

/** "23 Nov 2026" / "Nov 23, 2026": the UTC day of an instant. */
export function formatDate(iso: string | null | undefined, locales: Locales = readerLocales()): string {
  return formatInstant(iso, DAY, locales);
}

/** "23 Nov 2026, 14:02 UTC"; with `seconds`, "…14:02:09 UTC" (evidence, clocks). */
export function formatDateTime(
  iso: Instant,
  { seconds = false, weekday = false }: { seconds?: boolean; weekday?: boolean } = {},
  locales: Locales = readerLocales(),
): string {
  const options: Intl.DateTimeFormatOptions = { ...DAY, ...CLOCK };
  if (seconds) options.second = '2-digit';
  if (weekday) options.weekday = 'short';
  return formatInstant(iso, options, locales);
}

/** "14:02 UTC": when something happened today, as a status line says it. */
export function formatTime(
  iso: Instant,
  { seconds = false }: { seconds?: boolean } = {},
  locales: Locales = readerLocales(),
): string {
  return formatInstant(iso, seconds ? { ...CLOCK, second: '2-digit' } : CLOCK, locales);
}

/**
 * A calendar date as forms hold it ("2030-07-01", no time and no zone): the same day for
 * every reader, in their order of day, month and year. Anything else is shown as it came.
 */
export function formatCalendarDate(value: string, locales: Locales = readerLocales()): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const t = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(t) ? value : dateFormat(locales, DAY).format(t);
}

/** "1,234.5" / "1.234,5": a plain number, at most `maxDecimals` places. */
export function formatNumber(n: number, { maxDecimals = 6 }: { maxDecimals?: number } = {}, locales: Locales = readerLocales()): string {
  return numberFormat(locales, { maximumFractionDigits: maxDecimals }).format(n);
}

/** "€1,234.50" / "1.234,50 €": an amount in an ISO 4217 currency, with that currency's decimals. */
export function formatMoney(amount: number, currency: string, locales: Locales = readerLocales()): string {
  try {
    return numberFormat(locales, { style: 'currency', currency }).format(amount);
  } catch {
    // Not a currency code at all: the number, then the code as the form gave it.
    return `${formatNumber(amount, {}, locales)} ${currency}`;
  }
}

export function formatBytes(bytes: number | null | undefined, locales: Locales = readerLocales()): string {
  if (bytes === null || bytes === undefined) return '—';
  if (bytes < 1024) return `${formatNumber(bytes, {}, locales)} B`;
  const one = (n: number) => numberFormat(locales, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
  if (bytes < 1024 * 1024) return `${one(bytes / 1024)} KB`;
  return `${one(bytes / 1024 / 1024)} MB`;
}

/** "in 4 min 05 s" / "expired", for countdowns (editor session, preview receipt, Retry-After). */
export function formatRemaining(ms: number): string {
  if (ms <= 0) return 'expired';
  const s = Math.floor(ms / 1000);
  const m = Math.floor(s / 60);
  return m > 0 ? `${m} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
}
