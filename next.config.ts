import type { NextConfig } from 'next';
import { HSTS, STATIC_CSP, WORKER_CSP } from './lib/security/csp';
import { SECURITY_HEADERS } from './lib/security/headers';

// Everything proxy.ts does not see (its matcher): route handlers, Next's chunks and public/
// files. Pages get their nonce policy (and HSTS) from proxy.ts; a second CSP here would be
// enforced alongside it, so these sources must never match a page.
const NOT_PAGES = ['/api/:path+', '/_next/:path+', '/pdfjs/:path+', '/favicon.ico', '/icon.svg'];
const WORKER = '/pdf.worker.min.mjs';
// HSTS only when a TLS-terminating proxy says the request came over HTTPS.
const overHttps = [{ type: 'header' as const, key: 'x-forwarded-proto', value: '\\s*[Hh][Tt][Tt][Pp][Ss]\\s*(?:,.*)?' }];

const nextConfig: NextConfig = {
  typedRoutes: true,
  // A separate build directory lets parallel checkouts of work build side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // The build checks the console's own code; `npm run typecheck` covers tests, sandbox and scripts.
  // `npm test` runs that whole check beside the suites, so its build skips this one (about 20 s
  // at the head of CI's critical path) and a type error still fails the run.
  typescript: { tsconfigPath: 'tsconfig.build.json', ignoreBuildErrors: process.env.SIGNDESK_BUILD_TYPES_CHECKED_APART === '1' },
  poweredByHeader: false,
  // A tab must always have its name: every page's <title> comes in the head, ahead of the page,
  // not streamed after it (Next's streaming metadata left tabs untitled for a moment after a
  // navigation, and axe saw a page without a title). The console's titles cost nothing to resolve.
  htmlLimitedBots: /.*/,
  // Native and Node-only packages stay out of the server bundle.
  serverExternalPackages: ['better-sqlite3', 'pg', 'pg-boss', 'pino', 'kysely', 'undici'],
  async headers() {
    return [
      { source: '/:path*', headers: [...SECURITY_HEADERS] },
      ...NOT_PAGES.map((source) => ({ source, headers: [{ key: 'Content-Security-Policy', value: STATIC_CSP }] })),
      { source: WORKER, headers: [{ key: 'Content-Security-Policy', value: WORKER_CSP }] },
      ...[...NOT_PAGES, WORKER].map((source) => ({
        source,
        has: overHttps,
        headers: [{ key: 'Strict-Transport-Security', value: HSTS }],
      })),
    ];
  },
};

export default nextConfig;
