import 'server-only';

// A console database out of reach (stopped, restarting, failing over, out of connections) is
// for an operator to fix and for the user to wait out: every route answers 503 with
// Retry-After (server/http/respond.ts), not a 500 that reads like a bug. Only connection-level
// failures count; a statement the database refused (a constraint, a syntax error, a missing
// privilege) is still a 500, since waiting will not fix it.

/** Socket failures on the way to PostgreSQL, as node reports them and pg passes them on. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve us now: 57P01 admin shutdown, 57P02 crash shutdown,
 * 57P03 cannot connect now (starting up or shutting down), 53300 too many connections; and
 * class 08, connection exceptions.
 */
const POSTGRES_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;

/** better-sqlite3: a file locked past busy_timeout, or one that cannot be opened (extended codes included). */
const SQLITE_CODES = /^SQLITE_(BUSY|CANTOPEN)(_[A-Z]+)?$/;

// pg's own failures of a connection carry no code, only these messages.
const POSTGRES_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

const MAX_DEPTH = 5;

function unavailable(err: unknown, depth: number): boolean {
  if (!(err instanceof Error) || depth > MAX_DEPTH) return false;
  const code = (err as Error & { code?: unknown }).code;
  // A socket's failure counts only with the system call that failed (connect, read, write,
  // getaddrinfo), as a driver's own socket reports it: node's request stream reports a client
  // that cut its body off as ECONNRESET too ("aborted"), with none, and that is no outage.
  const syscall = (err as Error & { syscall?: unknown }).syscall;
  if (typeof code === 'string' && NETWORK_CODES.has(code) && typeof syscall === 'string') return true;
  if (typeof code === 'string' && (POSTGRES_STATES.has(code) || CONNECTION_EXCEPTION.test(code) || SQLITE_CODES.test(code))) {
    return true;
  }
  if (POSTGRES_MESSAGES.test(err.message)) return true;
  // Node reports a host whose every address refused as an AggregateError; wrappers keep a cause.
  if (err instanceof AggregateError && err.errors.some((e) => unavailable(e, depth + 1))) return true;
  return unavailable(err.cause, depth + 1);
}

/** Whether `err` says the console's database cannot be reached right now (worth retrying shortly). */
export const isDatabaseUnavailable = (err: unknown): boolean => unavailable(err, 0);
