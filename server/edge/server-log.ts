// No `import 'server-only'`: scripts/console-server.ts loads this under plain node (no react-server condition, where that package throws).
import { format } from 'node:util';
import pino, { type Logger } from 'pino';
import { scrubDeepWith, scrubWith } from '../scrub.ts';

// Every line the console process writes is one JSON object naming the instance and the pid, so
// a log pipeline never has to stitch a multi-line stack back together or guess what a line is.
// Next and the libraries under it write through console.*: those calls go through the same
// logger, an error's stack inside its line.

/** The digest app/error.tsx knows an outage by (lib/database-unavailable.ts): an outage, not a bug. */
const DATABASE_UNAVAILABLE = 'DATABASE_UNAVAILABLE';

/**
 * The console server's logger. Every string of every call is scrubbed as server/logger.ts
 * scrubs Next's side: the configured secrets (`secrets()`, known once the settings are read)
 * and anything shaped like a key, a token or URL credentials.
 */
export function serverLogger(
  o: { level: string; instance: string; secrets: () => RegExp | null },
  // Synchronous: a refused start logs its reasons and exits at once, and no line may be lost.
  destination: pino.DestinationStream = pino.destination({ dest: 1, sync: true }),
): Logger {
  const scrub = (text: string, extra: readonly string[]) => scrubWith(o.secrets(), text, extra);
  return pino(
    {
      level: o.level,
      base: { service: 'signdesk-console', instance: o.instance, pid: process.pid },
      formatters: { level: (label) => ({ level: label }) },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((a) => scrubDeepWith(scrub, a)) as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}

type Method = 'debug' | 'info' | 'warn' | 'error';

/** console.log, .info, .warn, .error and .debug, written as JSON lines by `log`. */
export function routeConsoleTo(log: Logger) {
  const write =
    (level: Method) =>
    (...args: unknown[]) => {
      const err = args.find((a): a is Error => a instanceof Error);
      if (err && (err as Error & { digest?: unknown }).digest === DATABASE_UNAVAILABLE) {
        // Each page a user opens during an outage would otherwise log a stack of Next's.
        log.warn({ code: DATABASE_UNAVAILABLE }, 'console database unavailable (page)');
        return;
      }
      const text = format(...args.filter((a) => a !== err))
        .replace(/^[\s⨯✓⚠○●]+/u, '')
        .trim();
      if (err) log[level]({ err }, text || err.message);
      else log[level](text);
    };
  console.log = write('info');
  console.info = write('info');
  console.warn = write('warn');
  console.error = write('error');
  console.debug = write('debug');
}
