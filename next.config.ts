import type { NextConfig } from 'next';

const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'same-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
];

const nextConfig: NextConfig = {
  typedRoutes: true,
  // A separate build directory lets parallel checkouts of work build side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // The build checks the console's own code; `npm run typecheck` covers tests, sandbox and scripts.
  typescript: { tsconfigPath: 'tsconfig.build.json' },
  poweredByHeader: false,
  // Native and Node-only packages stay out of the server bundle.
  serverExternalPackages: ['better-sqlite3', 'pg', 'pino', 'kysely', 'undici'],
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

export default nextConfig;
