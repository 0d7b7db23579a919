import 'server-only';
import { describe, expect, it, vi } from 'vitest';
import type * as loggerModule from './logger';

/**
 * Everything a logger loaded afresh under `env` writes to stdout while `run` runs: a fresh
 * module, since the logger reads its secrets from the environment it first sees.
 */
async function writtenBy(env: Record<string, string>, run: (m: typeof loggerModule) => void): Promise<string> {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    const m = await import('./logger');
    run(m);
    m.logger().flush?.();
  } finally {
    spy.mockRestore();
    vi.unstubAllEnvs();
    vi.resetModules();
  }
  return written.join('');
}

// The console's logger must never print a key, a cookie or a hosted-editor session id.
describe('console log redaction', () => {
  it('scrubs tokens inside strings and editor ids inside URLs', async () => {
    const { scrub } = await import('./logger');
    expect(scrub('calling with sk_sandbox_AbCdEf0123456789 now')).toBe('calling with [redacted] now');
    expect(scrub('/api/v1/hosted-editor/hes_abcdefghijklmnopqrstuvwxyz012345/commands')).toBe(
      '/api/v1/hosted-editor/[redacted]/commands',
    );
    expect(scrub('guest gs_0123456789abcdef')).toBe('guest [redacted]');
    expect(scrub('nothing secret here')).toBe('nothing secret here');
  });

  it('redacts headers, cookies and session ids in structured fields', async () => {
    const env = {
      SIGNING_API_BASE_URL: 'http://127.0.0.1:1',
      SIGNING_API_KEY: 'sk_sandbox_unit_test_key_123',
      SESSION_PASSWORD: 'x'.repeat(40),
      LOG_LEVEL: 'info',
    };
    const text = await writtenBy(env, ({ logger }) => {
      logger().info(
        {
          headers: { authorization: 'Bearer sk_sandbox_unit_test_key_123', cookie: 'signdesk=sealed-cookie-value' },
          session_id: 'hes_abcdefghijklmnopqrstuvwxyz0123456789abcdefg',
          path: '/api/v1/hosted-editor/hes_abcdefghijklmnopqrstuvwxyz0123456789abcdefg/document',
          note: 'retrying sk_sandbox_unit_test_key_123',
        },
        'upstream call',
      );
      logger().error({ err: new Error('failed calling sk_sandbox_unit_test_key_123') }, 'with an error');
    });
    expect(text).toContain('upstream call');
    expect(text).toMatch(/"message":"failed calling \[redacted\]"/);
    expect(text).toContain('"stack":"Error: failed calling [redacted]');
    expect(text).not.toContain('sk_sandbox_unit_test_key_123');
    expect(text).not.toContain('sealed-cookie-value');
    expect(text).not.toContain('hes_abcdefghijklmnopqrstuvwxyz');
    expect(text.match(/\[redacted\]/g)?.length).toBeGreaterThanOrEqual(4);
  });
});

// Keys of a real host need not start with a known prefix: the configured values themselves
// are redacted, wherever a log line carries them.
describe('console log redaction of configured secrets', () => {
  const KEY = 'PlainKeyWithoutPrefix0123456789';
  const OLD_PASSWORD = 'old-session-password-0123456789-abcdefgh';
  const NEW_PASSWORD = 'new-session-password-0123456789-abcdefgh';
  const CONTROL = 'ControlToken-0123456789';
  const DB_PASSWORD = 'Db-Pass:w0rd/with-odd-chars';

  it('redacts the API key, every session password, the control token and the database password', async () => {
    const env = {
      SIGNING_API_BASE_URL: 'http://127.0.0.1:1',
      SIGNING_API_KEY: KEY,
      SESSION_PASSWORD: `${NEW_PASSWORD},${OLD_PASSWORD}`,
      SANDBOX_CONTROL_URL: 'http://127.0.0.1:2',
      SANDBOX_CONTROL_TOKEN: CONTROL,
      DATABASE_URL: `postgres://signdesk:${encodeURIComponent(DB_PASSWORD)}@db.internal:5432/signdesk`,
      LOG_LEVEL: 'info',
    };
    const text = await writtenBy(env, ({ logger, scrub }) => {
      expect(scrub(`key=${KEY}; again ${encodeURIComponent(KEY)}`)).toBe('key=[redacted]; again [redacted]');
      logger().info(`message with ${KEY} and ${OLD_PASSWORD}`);
      const deep = { a: { b: { c: { d: { e: { f: { g: { h: `db ${DB_PASSWORD}` } } } } } } } };
      logger().info({ deep, list: [NEW_PASSWORD, { token: CONTROL }], url: new URL(`https://x.example/?k=${KEY}`) }, 'nested');
      const err = Object.assign(new Error(`connect failed for ${process.env.DATABASE_URL}`), {
        details: [{ message: `sent ${KEY}` }],
      });
      logger().error({ err, cause: new Error('wrapped', { cause: new Error(`token ${CONTROL}`) }) }, 'with errors');
      logger().warn({ encoded: Buffer.from(`Basic ${KEY}`).toString('base64') }, 'encoded');
    });
    expect(text).toContain('nested');
    expect(text).toContain('with errors');
    for (const secret of [KEY, OLD_PASSWORD, NEW_PASSWORD, CONTROL, DB_PASSWORD, encodeURIComponent(DB_PASSWORD)]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(Buffer.from(KEY).toString('base64').slice(4, -4));
    expect(text).toContain('db.internal');
  });
});
