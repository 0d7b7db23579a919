import { constants } from 'node:os';

/**
 * `npm start`'s exit code from its server's: the server's own code; for a server killed by a
 * signal, 0 when this process asked it to stop, else 128 + the signal's number, as a shell says.
 */
export function exitCodeOf(o: { code: number | null; signal: NodeJS.Signals | null; stopping: boolean }): number {
  if (o.code !== null) return o.code;
  if (o.stopping && (o.signal === 'SIGTERM' || o.signal === 'SIGINT')) return 0;
  return 128 + (o.signal ? (constants.signals[o.signal] ?? 0) : 0) || 1;
}
