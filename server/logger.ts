import 'server-only';
import pino, { type Logger } from 'pino';
import { env, instanceId } from './env';
import { scrub, scrubDeep } from './redact';

// Every string of every log call goes through the shared scrub (configured secrets by value,
// key-shaped tokens, hosted-editor paths); the redact paths below catch whole fields.
export { scrub };

let instance: Logger | null = null;

/** Created on first use, so importing a route module never needs the environment. */
export function logger(): Logger {
  instance ??= pino({
    level: env().LOG_LEVEL,
    // Every line names the instance and process that wrote it, as the console server's own do.
    base: { service: 'signdesk-console', instance: instanceId(), pid: process.pid },
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
