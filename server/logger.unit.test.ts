import 'server-only';
import { describe, expect, it, vi } from 'vitest';

// The console's logger must never print a key, a cookie or a hosted-editor session id.
describe('console log redaction', () => {
  it('scrubs tokens inside strings and editor ids inside URLs', async () => {
    const { scrub } = await import('./logger');
    expect(scrub('calling with sk_sandbox_AbCdEf0123456789 now')).toBe('calling with [redacted] now');
    expect(scrub('/api/v1/hosted-editor/hes_abcdefghijklmnopqrstuvwxyz012345/commands')).toBe('/api/v1/hosted-editor/[redacted]/commands');
    expect(scrub('guest gs_0123456789abcdef')).toBe('guest [redacted]');
    expect(scrub('nothing secret here')).toBe('nothing secret here');
  });

  it('redacts headers, cookies and session ids in structured fields', async () => {
    vi.stubEnv('SIGNING_API_BASE_URL', 'http://127.0.0.1:1');
    vi.stubEnv('SIGNING_API_KEY', 'sk_sandbox_unit_test_key_123');
    vi.stubEnv('SESSION_PASSWORD', 'x'.repeat(40));
    vi.stubEnv('LOG_LEVEL', 'info');
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const { logger } = await import('./logger');
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
      logger().flush?.();
    } finally {
      spy.mockRestore();
      vi.unstubAllEnvs();
    }
    const text = written.join('');
    expect(text).toContain('upstream call');
    expect(text).toMatch(/"message":"failed calling \[redacted\]"/);
    expect(text).toContain('"stack":"Error: failed calling [redacted]');
    expect(text).not.toContain('sk_sandbox_unit_test_key_123');
    expect(text).not.toContain('sealed-cookie-value');
    expect(text).not.toContain('hes_abcdefghijklmnopqrstuvwxyz');
    expect(text.match(/\[redacted\]/g)?.length).toBeGreaterThanOrEqual(4);
  });
});
