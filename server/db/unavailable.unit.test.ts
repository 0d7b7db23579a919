import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

// What counts as "the database is out of reach" (a 503 to wait out) and what stays a bug (a
// 500): real failures of pg and better-sqlite3 where they are cheap to cause, and the shapes
// pg gives the rest (SQLSTATEs of a shutting-down server, its own connection messages).
const coded = (message: string, code: string) => Object.assign(new Error(message), { code });
/** A socket's failure as node reports it: the code and the system call that failed. */
const socketError = (message: string, code: string, syscall: string) => Object.assign(new Error(message), { code, syscall });

/** What reading a request body throws when the client cuts it off: node's own error, caught for real. */
function cutBodyError(): Promise<unknown> {
  return new Promise((resolve) => {
    const server = createHttpServer((req) => {
      (async () => {
        try {
          for await (const chunk of req) void chunk;
          resolve(null);
        } catch (err) {
          resolve(err);
        } finally {
          server.close();
        }
      })();
    }).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"cut`);
        setTimeout(() => socket.destroy(), 50);
      });
    });
  });
}

const closedPort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

describe('isDatabaseUnavailable', () => {
  it('recognises a PostgreSQL that refuses connections, as pg reports it', async () => {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: `postgres://nobody@127.0.0.1:${await closedPort()}/none`, max: 1 });
    const err = await pool.query('select 1').then(
      () => null,
      (e: unknown) => e,
    );
    await pool.end();
    expect(err).not.toBeNull();
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('recognises a pool that timed out waiting for a connection', async () => {
    const { default: pg } = await import('pg');
    // A listener that never answers the startup message: pg gives up after the timeout.
    const silent = createServer(() => undefined).listen(0, '127.0.0.1');
    await new Promise((r) => silent.once('listening', r));
    const { port } = silent.address() as { port: number };
    const pool = new pg.Pool({
      connectionString: `postgres://nobody@127.0.0.1:${port}/none`,
      max: 1,
      connectionTimeoutMillis: 100,
    });
    const err = await pool.query('select 1').then(
      () => null,
      (e: unknown) => e,
    );
    await pool.end();
    silent.close();
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('recognises an SQLite file that cannot be opened', async () => {
    const { default: SQLite } = await import('better-sqlite3');
    const dir = mkdtempSync(join(tmpdir(), 'unavailable-'));
    let err: unknown = null;
    try {
      new SQLite(join(dir, 'console.db'), { fileMustExist: true });
    } catch (e) {
      err = e;
    }
    rmSync(dir, { recursive: true, force: true });
    expect(err).not.toBeNull();
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['connection refused', socketError('connect ECONNREFUSED 10.0.0.5:5432', 'ECONNREFUSED', 'connect')],
    ['connection reset', socketError('read ECONNRESET', 'ECONNRESET', 'read')],
    ['host unreachable', socketError('connect EHOSTUNREACH', 'EHOSTUNREACH', 'connect')],
    ['unknown host', socketError('getaddrinfo ENOTFOUND db.internal', 'ENOTFOUND', 'getaddrinfo')],
    ['administrator shutdown (57P01)', coded('terminating connection due to administrator command', '57P01')],
    ['crash shutdown (57P02)', coded('terminating connection because of crash of another server process', '57P02')],
    ['server starting or stopping (57P03)', coded('the database system is shutting down', '57P03')],
    ['connection failure (08006)', coded('connection failure', '08006')],
    ['connection does not exist (08003)', coded('connection does not exist', '08003')],
    ['too many connections (53300)', coded('sorry, too many clients already', '53300')],
    ['a connection ended mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that waited too long', new Error('timeout exceeded when trying to connect')],
    ['SQLite busy past its timeout', coded('database is locked', 'SQLITE_BUSY')],
    ['SQLite busy (extended code)', coded('database is locked', 'SQLITE_BUSY_SNAPSHOT')],
    ['SQLite cannot open', coded('unable to open database file', 'SQLITE_CANTOPEN')],
    [
      'every address refused (AggregateError)',
      Object.assign(
        new AggregateError([socketError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED', 'connect')], 'connect failed'),
        {},
      ),
    ],
    ['a wrapped cause', new Error('query failed', { cause: socketError('read ECONNRESET', 'ECONNRESET', 'read') })],
  ])('a %s is unavailability', (_label, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', coded('duplicate key value violates unique constraint', '23505')],
    ['a syntax error (42601)', coded('syntax error at or near "selec"', '42601')],
    ['missing privileges (42501)', coded('permission denied for schema public', '42501')],
    ['an SQLite constraint', coded('UNIQUE constraint failed: users.email', 'SQLITE_CONSTRAINT_UNIQUE')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
    [
      'a cycle of causes',
      (() => {
        const a = new Error('a');
        const b = new Error('b', { cause: a });
        Object.assign(a, { cause: b });
        return a;
      })(),
    ],
  ])('%s is not', (_label, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it("is not a client's request body cut off (node's ECONNRESET of the client's socket)", async () => {
    const err = await cutBodyError();
    expect((err as { code?: string }).code).toBe('ECONNRESET');
    expect(isDatabaseUnavailable(err)).toBe(false);
    expect(isDatabaseUnavailable(new Error('body read failed', { cause: err }))).toBe(false);
  });
});
