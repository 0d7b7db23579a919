import 'server-only';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseEnv } from './env';
import { browserText, configuredSecrets, scrub } from './redact';

const KEY = 'PlainKeyWithoutPrefix0123456789';

beforeAll(() => {
  vi.stubEnv('SIGNING_API_BASE_URL', 'https://api.example.com');
  vi.stubEnv('SIGNING_API_KEY', KEY);
  vi.stubEnv('SESSION_PASSWORD', 'redact-unit-test-session-password-0123456789');
});
afterAll(() => vi.unstubAllEnvs());

describe('scrub', () => {
  it('removes configured values, the caller’s extra values, key shapes, editor paths, URL credentials and Authorization values', () => {
    expect(scrub(`a ${KEY} b`)).toBe('a [redacted] b');
    expect(scrub('editor Q7xZ-session-42 expired', ['Q7xZ-session-42'])).toBe('editor [redacted] expired');
    expect(scrub('https://user:pa55@db.example.com/x')).toBe('https://[redacted]@db.example.com/x');
    expect(scrub('Authorization: Bearer abc.def.ghi-123')).toBe('Authorization: Bearer [redacted]');
    expect(scrub('/api/v1/hosted-editor/anything-at-all/document')).toBe('/api/v1/hosted-editor/[redacted]/document');
  });
});

describe('browserText', () => {
  it('drops URLs and hosts, keeps ordinary prose', () => {
    expect(browserText('node ip-10-0-3-7.ec2.internal at 10.0.3.7, fe80::1. Then [::1]:8080', 200)).toBe(
      'node [host] at [host], [host]. Then [[host]]:8080',
    );
    expect(browserText('see https://files.example.com/dl/token123?sig=x for more', 200)).toBe('see [url] for more');
    for (const prose of [
      'The layout has version 1, not 0 (read at 2026-01-01T10:00:00Z).',
      'Idempotency-Key must match ^[!-~]{8,160}$',
      'Error::Foo at 12:30',
      'wf_leave@2 is stale',
    ]) {
      expect(browserText(prose, 200)).toBe(prose);
    }
  });

  it('is one line without control or invisible format characters, and bounded', () => {
    expect(browserText('a\r\nb\u0000c\u001b[31md\u202ee\u200b', 100)).toBe('a bc[31mde');
    expect(browserText('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('configuredSecrets', () => {
  it('include the metrics token, which a log line must never carry either', () => {
    const token = 'metrics-token-for-redaction-0123456789abcdef';
    const e = parseEnv({
      SIGNING_API_BASE_URL: 'https://api.example.com',
      SIGNING_API_KEY: KEY,
      SESSION_PASSWORD: 'redact-unit-test-session-password-0123456789',
      METRICS_TOKEN: token,
    });
    expect(configuredSecrets(e)).toContain(token);
  });
});
