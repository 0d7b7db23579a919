import 'server-only';
import { isIP } from 'node:net';
import { env, type Env } from './env';

// One scrub for everything that leaves the server as text: log lines and the upstream
// messages shown to the browser (DESIGN.md section 5).
export const REDACTED = '[redacted]';

// Secrets recognisable by their shape: sandbox API keys, hosted-editor ids, guest sessions.
const TOKEN = /\b(?:sk|hes|gs)_[A-Za-z0-9_-]{6,}/g;
// A hosted-editor path is a credential whatever the id looks like.
const EDITOR_PATH = /(\/hosted-editor\/)[^/?#\s"'<>]+/g;
const URL_USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>]+@/gi;
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi;

// Shorter values would blank out ordinary words all over the log; they protect nothing anyway.
const MIN_SECRET = 4;
// A base64 rendering is matched by its middle, whatever the bytes before it: shorter slices
// than this could match by chance.
const MIN_FORM = 8;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The shapes a secret takes on its way out: as is, URL-encoded, base64 at any alignment. */
function formsOf(secret: string): string[] {
  const forms = new Set([secret, encodeURIComponent(secret)]);
  for (const shift of [0, 1, 2]) {
    const bytes = Buffer.concat([Buffer.alloc(shift), Buffer.from(secret)]);
    for (const encoding of ['base64', 'base64url'] as const) {
      const text = bytes.toString(encoding).replace(/=+$/, '');
      forms.add(text.slice(shift ? 4 : 0, -4));
    }
  }
  return [...forms].filter((f) => f.length >= MIN_FORM || f === secret);
}

/** One pattern matching every form of every value, longest first so no fragment survives. */
export function secretPattern(values: readonly (string | undefined)[]): RegExp | null {
  const forms = values.filter((v): v is string => !!v && v.length >= MIN_SECRET).flatMap(formsOf);
  if (forms.length === 0) return null;
  return new RegExp(
    [...new Set(forms)]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|'),
    'g',
  );
}

function databasePassword(url: string | undefined): string[] {
  if (!url) return [];
  try {
    const { password } = new URL(url);
    return password ? [password, decodeURIComponent(password)] : [];
  } catch {
    return [];
  }
}

export function configuredSecrets(e: Env): string[] {
  return [
    e.SIGNING_API_KEY,
    ...e.SESSION_PASSWORD.map((k) => k.secret),
    e.SANDBOX_CONTROL_TOKEN ?? '',
    e.METRICS_TOKEN ?? '',
    ...databasePassword(e.DATABASE_URL),
  ];
}

let memo: { from: Env; pattern: RegExp | null } | null = null;

/** The configured secrets' pattern; none while the environment cannot be read (it then stops start-up anyway). */
function configured(): RegExp | null {
  let e: Env;
  try {
    e = env();
  } catch {
    return null;
  }
  if (memo?.from !== e) memo = { from: e, pattern: secretPattern(configuredSecrets(e)) };
  return memo.pattern;
}

/**
 * `text` without the configured secrets (API key, session passwords, control token, database
 * password), without anything shaped like a key, a hosted-editor path, URL credentials or an
 * Authorization value, and without the `extra` values a caller knows about (an editor id).
 */
export function scrub(text: string, extra: readonly string[] = []): string {
  let out = text;
  const own = configured();
  if (own) out = out.replace(own, REDACTED);
  const more = extra.length ? secretPattern(extra) : null;
  if (more) out = out.replace(more, REDACTED);
  return out
    .replace(TOKEN, REDACTED)
    .replace(EDITOR_PATH, `$1${REDACTED}`)
    .replace(URL_USERINFO, `$1${REDACTED}@`)
    .replace(AUTH_SCHEME, `$1 ${REDACTED}`);
}

const MAX_DEPTH = 8;
const isPlain = (v: object) =>
  Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null;

/** Every string inside `value` scrubbed; errors keep their message, stack, cause and own fields. */
export function scrubDeep(value: unknown, extra: readonly string[] = [], depth = 0): unknown {
  if (typeof value === 'string') return scrub(value, extra);
  if (value === null || typeof value !== 'object') return value;
  // Deeper than any shape the console builds: not worth a walk, and not printed raw either.
  if (depth > MAX_DEPTH) return '[too deep]';
  const next = (v: unknown) => scrubDeep(v, extra, depth + 1);
  if (value instanceof Error) {
    // message, stack and cause are not enumerable: spread alone would drop them.
    const { name, message, stack, cause } = value;
    return {
      ...(next({ ...value }) as object),
      type: name,
      message: scrub(message, extra),
      stack: stack && scrub(stack, extra),
      cause: next(cause),
    };
  }
  if (Array.isArray(value)) return value.map(next);
  if (!isPlain(value)) {
    // URL, Date and their kind print through toJSON, so that is what gets scrubbed.
    const toJSON = (value as { toJSON?: () => unknown }).toJSON;
    return typeof toJSON === 'function' ? next(toJSON.call(value)) : next({ ...value });
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, next(v)]));
}

// What an upstream error may still say once secrets are gone, but the browser has no use
// for: where the API runs. URLs go whole (a path or query may be a credential of its own).
const URL_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()]+/gi;
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}\b/g;
const IPV6 = /(?<![\w.:])[0-9A-Fa-f.:]*:[0-9A-Fa-f.:]*:[0-9A-Fa-f.:]*(?![\w.:])/g;
const INTERNAL_HOST =
  /\b(?:[a-z0-9-]+\.)*(?:[a-z0-9-]+\.(?:internal|local|localdomain|lan|corp|intranet|intra|home\.arpa|svc)|localhost)\b/gi;
const LINE_BREAKS = /[\t\n\r]+/g;
// C0/C1 controls (terminal escapes included) and invisible format characters (bidi overrides,
// zero-width spaces) that could make a message read otherwise than it says.
const CONTROL = /[\p{Cc}\p{Cf}]/gu;

/** Upstream text fit for the browser: one line, scrubbed, no hosts or URLs, at most `max` characters. */
export function browserText(text: string, max: number): string {
  const clean = scrub(text.replace(LINE_BREAKS, ' ').replace(CONTROL, ''))
    .replace(URL_TEXT, '[url]')
    .replace(IPV4, (m) => (isIP(m) ? '[host]' : m))
    .replace(IPV6, (m) => {
      const address = m.replace(/\.+$/, ''); // a full stop ending the sentence
      return isIP(address) === 6 ? `[host]${m.slice(address.length)}` : m;
    })
    .replace(INTERNAL_HOST, '[host]')
    .trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/** `value` with every form of `secrets` replaced in each of its strings, nothing else touched. */
export function withoutSecrets<T>(value: T, secrets: readonly string[]): T {
  const pattern = secretPattern(secrets);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return pattern ? v.replace(pattern, REDACTED) : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}
