import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { Providers } from '@/components/providers';
import { BEFORE_APP_SCRIPT } from '@/lib/security/csp';
import { localesFromAcceptLanguage } from '@/lib/format';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Signdesk', template: '%s · Signdesk' },
  description: 'Console for the Document Signing and Approval API',
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Reading the request makes every page render per request, never at build time: Next puts
  // the CSP nonce (proxy.ts) on its scripts only while rendering, and under 'strict-dynamic' a
  // prerendered page's scripts would not run. This covers pages that read no session (not-found).
  const request = await headers();
  const nonce = request.get('x-nonce') ?? undefined;
  // Pages rendered with data on the server format in these (components/ui/use-reader-locales.ts).
  const locales = localesFromAcceptLanguage(request.get('accept-language'));
  return (
    <html lang="en">
      <head>
        {/* First in the document, before any bundle runs (see BEFORE_APP_SCRIPT). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: BEFORE_APP_SCRIPT }} />
      </head>
      <body>
        <Providers locales={locales}>{children}</Providers>
      </body>
    </html>
  );
}
