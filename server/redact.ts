import 'server-only';
import { isIP } from 'node:net';
import { env, type Env } from './env';
import { configuredSecrets, REDACTED, scrubDeepWith, scrubWith, secretPattern } from './scrub';

// The one scrub (server/scrub.ts) bound to the configured secrets: log lines and the upstream
// messages shown to the browser (DESIGN.md section 5).
export { REDACTED, secretPattern, configuredSecrets } from './scrub';

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
 * `text` without the configured secrets (API key, session passwords, control token, metrics
 * token, database password), anything shaped like a key, a hosted-editor path, URL credentials
 * or an Authorization value, and the `extra` values a caller knows about (an editor id).
 */
export const scrub = (text: string, extra: readonly string[] = []): string => scrubWith(configured(), text, extra);

/** Every string inside `value` scrubbed; errors keep their message, stack, cause and own fields. */
export const scrubDeep = (value: unknown, extra: readonly string[] = []): unknown => scrubDeepWith(scrub, value, extra);

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
