import { describe, expect, it } from 'vitest';
import { createNonce, HSTS, pageCsp, parseCsp, servedOverHttps, STATIC_CSP, WORKER_CSP } from './csp';

const nonce = 'AAECAwQFBgcICQoLDA0ODw==';

describe('pageCsp', () => {
  const policy = parseCsp(pageCsp(nonce));

  it('has every directive the design asks for', () => {
    // Written out, not derived from csp.ts: a source added or dropped there must fail here.
    expect(policy).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'worker-src': ["'self'", 'blob:'],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
    });
  });

  it('never lets inline or eval-ed script run in production', () => {
    for (const directive of ['script-src', 'default-src'] as const) {
      expect(policy[directive]).not.toContain("'unsafe-inline'");
      expect(policy[directive]).not.toContain("'unsafe-eval'");
      expect(policy[directive]).not.toContain("'wasm-unsafe-eval'");
    }
  });

  it("adds 'unsafe-eval' only for next dev, where React rebuilds server stacks with eval", () => {
    expect(parseCsp(pageCsp(nonce, { dev: true }))['script-src']).toContain("'unsafe-eval'");
  });

  it('is one header line', () => {
    expect(pageCsp(nonce)).not.toMatch(/[\r\n]/);
  });
});

describe('createNonce', () => {
  it('is 16 random bytes in base64, fresh on every call', () => {
    const nonces = Array.from({ length: 50 }, () => createNonce());
    for (const n of nonces) {
      expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(n, 'base64')).toHaveLength(16);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('makes a different policy for every request', () => {
    expect(pageCsp(createNonce())).not.toBe(pageCsp(createNonce()));
  });
});

describe('policies for responses that are not pages', () => {
  it('route handlers and static files allow nothing at all', () => {
    expect(parseCsp(STATIC_CSP)).toEqual({
      'default-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
    });
  });

  it('the pdf.js worker may fetch from its own origin and compile WebAssembly, never eval', () => {
    const worker = parseCsp(WORKER_CSP);
    expect(worker['default-src']).toEqual(["'none'"]);
    expect(worker['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(worker['connect-src']).toEqual(["'self'"]);
    expect(worker['frame-ancestors']).toEqual(["'none'"]);
  });
});

describe('servedOverHttps', () => {
  const headers = (proto?: string) => new Headers(proto ? { 'x-forwarded-proto': proto } : {});

  it('believes the URL Next saw', () => {
    expect(servedOverHttps({ protocol: 'https:', headers: headers() })).toBe(true);
    expect(servedOverHttps({ protocol: 'http:', headers: headers() })).toBe(false);
  });

  it('believes the first X-Forwarded-Proto value of a TLS-terminating proxy', () => {
    expect(servedOverHttps({ protocol: 'http:', headers: headers('https') })).toBe(true);
    expect(servedOverHttps({ protocol: 'http:', headers: headers(' HTTPS , http') })).toBe(true);
    expect(servedOverHttps({ protocol: 'http:', headers: headers('http, https') })).toBe(false);
  });

  it('HSTS lasts two years and covers subdomains', () => {
    expect(HSTS).toBe('max-age=63072000; includeSubDomains');
  });
});
