'use client';

import { DATABASE_UNAVAILABLE, DATABASE_UNAVAILABLE_MESSAGE } from '@/lib/database-unavailable';
import { ErrorState } from '@/components/ui/states';

// A page that could not be rendered. Below the root layout, so it catches the console area's
// own layout too (its session read is the first to meet a database outage). Of a server error
// the browser gets only the digest: an outage is told by the one pages give it
// (server/auth/page-access.ts); anything else shows its digest, which the server log holds.
export default function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error ? (error as Error & { digest?: string }).digest : undefined;
  const outage = digest === DATABASE_UNAVAILABLE;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">
        {outage ? 'Database unavailable' : 'This page could not be shown'}
      </h1>
      <ErrorState
        title={outage ? "The console can't reach its database" : 'Something went wrong on our side'}
        message={
          outage
            ? DATABASE_UNAVAILABLE_MESSAGE
            : `Try again; if it keeps happening, tell an administrator${digest ? ` (reference ${digest})` : ''}.`
        }
        onRetry={retry}
      />
    </main>
  );
}
