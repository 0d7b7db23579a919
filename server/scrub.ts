// No `import 'server-only'`: the console's own server (scripts/console-server.ts) scrubs its log
// lines with this under plain node; server/redact.ts binds it to the configured secrets.
import type { Env } from './settings';

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

/** The secrets of a configuration, by value. */
export function configuredSecrets(e: Env): string[] {
  return [
    e.SIGNING_API_KEY,
    ...e.SESSION_PASSWORD.map((k) => k.secret),
    e.SANDBOX_CONTROL_TOKEN ?? '',
    e.METRICS_TOKEN ?? '',
    ...databasePassword(e.DATABASE_URL),
    ...databasePassword(e.SMTP_URL),
  ];
}

/**
 * `text` without the secrets `own` matches (the configured ones), without anything shaped like
 * a key, a hosted-editor path, URL credentials or an Authorization value, and without the
 * `extra` values a caller knows about (an editor id).
 */
export function scrubWith(own: RegExp | null, text: string, extra: readonly string[] = []): string {
  let out = text;
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
export function scrubDeepWith(
  scrub: (text: string, extra: readonly string[]) => string,
  value: unknown,
  extra: readonly string[] = [],
  depth = 0,
): unknown {
  if (typeof value === 'string') return scrub(value, extra);
  if (value === null || typeof value !== 'object') return value;
  // Deeper than any shape the console builds: not worth a walk, and not printed raw either.
  if (depth > MAX_DEPTH) return '[too deep]';
  const next = (v: unknown) => scrubDeepWith(scrub, v, extra, depth + 1);
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
