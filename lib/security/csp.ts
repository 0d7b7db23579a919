// The console's Content-Security-Policies (DESIGN.md section 5). Pages get a per-request nonce
// from proxy.ts, which Next reads back from the request's CSP header and puts on its own
// scripts; 'strict-dynamic' then trusts the chunks those scripts load, and nothing else runs.
// Route handlers and static files are never documents that should run anything, so they get
// a policy that allows nothing (next.config.ts). Pure functions over Web Crypto and btoa, so
// proxy.ts, next.config.ts and the unit tests share the very same code.

type Policy = Record<string, readonly string[]>;

const serialize = (policy: Policy) =>
  Object.entries(policy)
    .map(([directive, sources]) => [directive, ...sources].join(' '))
    .join('; ');

/** Directive → sources, for tests and for reading a header back. */
export function parseCsp(header: string): Record<string, string[]> {
  const policy: Record<string, string[]> = {};
  for (const part of header.split(';')) {
    const [directive, ...sources] = part.trim().split(/\s+/);
    if (directive) policy[directive.toLowerCase()] = sources;
  }
  return policy;
}

/** 16 random bytes in base64: unguessable, and new for every response. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The policy of every page. Styles may be inline (React's style props, toasts); scripts may
 * not. pdf.js needs `worker-src` for its worker (served from /pdf.worker.min.mjs) and `blob:`
 * images; it never evals (pdf.js 6 has no `isEvalSupported` left; its WebAssembly runs in the
 * worker, whose own policy is WORKER_CSP). `next dev` alone needs 'unsafe-eval'.
 */
export function pageCsp(nonce: string, { dev = false }: { dev?: boolean } = {}): string {
  return serialize({
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])],
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
}

const NOTHING: Policy = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

/** Route handlers, Next's static chunks and public/ files: nothing may run or load. */
export const STATIC_CSP = serialize(NOTHING);

/**
 * The pdf.js worker script. A worker's policy is the one its own script was served with, and
 * this worker compiles PDF PostScript functions (and, given a wasmUrl, JPEG 2000 and JBIG2
 * decoders) to WebAssembly, and may fetch fonts, CMaps and wasm from the console itself.
 * 'wasm-unsafe-eval' allows WebAssembly compilation only, not JavaScript eval, in a context
 * without a DOM; the page itself keeps no such allowance.
 */
export const WORKER_CSP = serialize({
  'default-src': ["'none'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
});

/**
 * Runs (nonced, inline, first in <head>) before any bundle. zod 4 probes `new Function("")`
 * when its first object schema is built, to decide whether to compile fast parsers; under
 * this policy the probe is refused and reported as a violation although zod catches the
 * error. Its `jitless` setting, read from this shared global, skips the probe; parsing is the
 * same (without eval zod would not compile anyway).
 */
export const BEFORE_APP_SCRIPT = 'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});';

/** Two years, subdomains included; sent only on responses that travelled over HTTPS. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Whether the request came over HTTPS: the URL Next saw, or the first X-Forwarded-Proto of the
 * TLS-terminating proxy in front (as server/auth/request-info.ts reads it). Plain HTTP gets no
 * HSTS, which a browser would ignore there anyway.
 */
export function servedOverHttps({ protocol, headers }: { protocol: string; headers: Headers }): boolean {
  const forwarded = headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return protocol === 'https:' || forwarded === 'https';
}
