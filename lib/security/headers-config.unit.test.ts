import { describe, expect, it } from 'vitest';
import * as pageStaticInfo from 'next/dist/build/analysis/get-page-static-info';
import { buildCustomRoute } from 'next/dist/lib/build-custom-route';
import nextConfig from '../../next.config';
import { config as proxyConfig } from '../../proxy';
import { HSTS, STATIC_CSP, WORKER_CSP } from './csp';

// proxy.ts (pages: nonce CSP) and next.config.ts headers() (everything else: fixed CSP) must
// split the paths between them: a path both served would get two policies, and both apply.

// compiled exactly as `next build` compiles them into routes-manifest.json
const rules = (await nextConfig.headers!()).map((rule) => buildCustomRoute('header', rule));
// Next compiles the proxy matcher with this (untyped) function at build time.
const { getMiddlewareMatchers } = pageStaticInfo as unknown as {
  getMiddlewareMatchers: (matcher: string[], config: object) => { regexp: string }[];
};
const proxyMatchers = getMiddlewareMatchers(proxyConfig.matcher, {}).map((m) => new RegExp(m.regexp));
const throughProxy = (path: string) => proxyMatchers.some((re) => re.test(path));

/** The headers next.config.ts adds to a path, with the given x-forwarded-proto. */
function configHeaders(path: string, forwardedProto?: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    if (!new RegExp(rule.regex).test(path)) continue;
    const has = rule.has ?? [];
    if (
      has.some((h) => h.type === 'header' && !(forwardedProto !== undefined && new RegExp(`^${h.value}$`).test(forwardedProto)))
    )
      continue;
    for (const { key, value } of rule.headers) {
      expect(out[key], `${key} set twice for ${path}`).toBeUndefined();
      out[key] = value;
    }
  }
  return out;
}

const PAGES = [
  '/',
  '/sign-in',
  '/catalog',
  '/catalog/categories/cat_1',
  '/documents/doc_1/editor',
  '/admin/sandbox',
  '/no-such-page',
  '/api',
  '/catalog.rsc',
];
const NOT_PAGES = [
  '/api/health',
  '/api/documents',
  '/api/documents/doc_1/content',
  '/_next/static/chunks/a.js',
  '/pdfjs/cmaps/UniJIS-UCS2-H.bcmap',
  '/favicon.ico',
];

describe('who sets the Content-Security-Policy', () => {
  it.each(PAGES)('%s: proxy.ts with a nonce, never next.config.ts', (path) => {
    expect(throughProxy(path)).toBe(true);
    expect(configHeaders(path)['Content-Security-Policy']).toBeUndefined();
  });

  it.each(NOT_PAGES)('%s: next.config.ts, a policy that allows nothing; never proxy.ts', (path) => {
    expect(throughProxy(path)).toBe(false);
    expect(configHeaders(path)['Content-Security-Policy']).toBe(STATIC_CSP);
  });

  it('the pdf.js worker: its own policy', () => {
    expect(throughProxy('/pdf.worker.min.mjs')).toBe(false);
    expect(configHeaders('/pdf.worker.min.mjs')['Content-Security-Policy']).toBe(WORKER_CSP);
  });

  it('uploads never pass through proxy.ts (Next cuts proxied bodies at 10 MB)', () => {
    expect(throughProxy('/api/documents')).toBe(false);
  });
});

describe('the other headers', () => {
  it.each([...PAGES, ...NOT_PAGES, '/pdf.worker.min.mjs'])('%s: COOP and the existing headers everywhere', (path) => {
    expect(configHeaders(path)).toMatchObject({
      'Cross-Origin-Opener-Policy': 'same-origin',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'same-origin',
    });
  });

  it('HSTS on files and route handlers only behind HTTPS (pages: proxy.ts)', () => {
    for (const path of [...NOT_PAGES, '/pdf.worker.min.mjs']) {
      expect(configHeaders(path)['Strict-Transport-Security'], path).toBeUndefined();
      expect(configHeaders(path, 'http')['Strict-Transport-Security'], path).toBeUndefined();
      expect(configHeaders(path, 'https')['Strict-Transport-Security'], path).toBe(HSTS);
      expect(configHeaders(path, 'https, http')['Strict-Transport-Security'], path).toBe(HSTS);
    }
    for (const path of PAGES) expect(configHeaders(path, 'https')['Strict-Transport-Security'], path).toBeUndefined();
  });
});
