import 'server-only';
import pino, { type Logger } from 'pino';
import { env } from './env';

// Secrets that may hide inside any string: API keys, hosted-editor ids, guest sessions.
const TOKEN = /\b(sk_[A-Za-z0-9_-]{6,}|hes_[A-Za-z0-9_-]{6,}|gs_[A-Za-z0-9_-]{6,})/g;

export const scrub = (text: string) => text.replace(TOKEN, '[redacted]').replace(/(\/hosted-editor\/)[^/?\s]+/g, '$1[redacted]');

function scrubDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrub(value);
  // Errors keep their message and stack (not enumerable, so they would otherwise vanish).
  if (value instanceof Error) return { type: value.name, message: scrub(value.message), stack: value.stack ? scrub(value.stack) : undefined };
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v, depth + 1)]));
}

let instance: Logger | null = null;

/** Created on first use, so importing a route module never needs the environment. */
export function logger(): Logger {
  instance ??= pino({
    level: env().LOG_LEVEL,
    base: { service: 'signdesk-console' },
    redact: {
      paths: [
        'authorization',
        'cookie',
        '*.authorization',
        '*.cookie',
        'headers.authorization',
        'headers.cookie',
        '*.headers.authorization',
        '*.headers.cookie',
        'sessionId',
        '*.sessionId',
        'session_id',
        '*.session_id',
        'password',
        '*.password',
      ],
      censor: '[redacted]',
    },
    formatters: { level: (label) => ({ level: label }) },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((a) => scrubDeep(a)) as Parameters<typeof method>);
      },
    },
  });
  return instance;
}
