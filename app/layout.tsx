import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { Providers } from '@/components/providers';
import { BEFORE_APP_SCRIPT } from '@/lib/security/csp';
import './globals.css';

// A check mark on the header's slate: no /favicon.ico request, so no 404 on every first load.
const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='6' fill='%231e293b'/%3E%3Cpath d='M9 17l5 5 9-11' fill='none' stroke='white' stroke-width='3' stroke-linecap='round' stroke-linejoin='round'/%3E%3C/svg%3E";

export const metadata: Metadata = {
  title: { default: 'Signdesk', template: '%s · Signdesk' },
  description: 'Console for the Document Signing and Approval API',
  icons: { icon: ICON },
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Reading the request makes every page render per request, never at build time: Next puts
  // the CSP nonce (proxy.ts) on its scripts only while rendering, and under 'strict-dynamic' a
  // prerendered page's scripts would not run. This covers pages that read no session (not-found).
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <html lang="en">
      <head>
        {/* First in the document, before any bundle runs (see BEFORE_APP_SCRIPT). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: BEFORE_APP_SCRIPT }} />
      </head>
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
