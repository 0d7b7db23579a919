import type { Metadata, Route } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { db } from '@/server/db';
import { unsubscribeState } from '@/server/notifications/unsubscribe';
import { verifyingSecrets } from '@/server/notifications/unsubscribe-links';

// An e-mail's unsubscribe link (issue 37), open without signing in. This GET only reads: mail
// scanners open every link, so the change is the button's POST (app/api/unsubscribe/[token]).
// Referrer same-origin, not no-referrer: under no-referrer the button's post carries `Origin: null`
// and is refused as cross-site; same-origin still keeps the token out of other sites' Referer.
export const metadata: Metadata = { title: 'Unsubscribe', robots: { index: false }, referrer: 'same-origin' };

const TOKEN = /^[A-Za-z0-9_.-]{3,600}$/;

export default async function UnsubscribePage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  if (!TOKEN.test(token)) notFound();
  const link = await unsubscribeState(await db(), token, verifyingSecrets());
  if (link.state === 'invalid') notFound();
  const justDone = (await searchParams).result === 'done' && link.state === 'already';
  const what = link.label === 'The daily digest' ? 'the daily digest' : `e-mail of “${link.label}”`;
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-md rounded-lg bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-semibold text-slate-900">Unsubscribe</h1>
        {link.state === 'ready' && (
          <form method="post" action={`/api/unsubscribe/${token}`} className="mt-4">
            <input type="hidden" name="confirm" value="page" />
            <p className="mb-6 text-sm text-slate-700">
              Stop {what} from Signdesk? Nothing else changes: your other e-mail and the console’s bell stay as they are.
            </p>
            <button
              type="submit"
              className="w-full rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              Unsubscribe
            </button>
          </form>
        )}
        {link.state === 'already' && (
          <p role="status" className="mt-4 rounded-md bg-brand-50 p-3 text-sm text-brand-700">
            {justDone ? `Done: you no longer get ${what}.` : `This is already done: you no longer get ${what}.`}
          </p>
        )}
        {link.state === 'changed' && (
          <p role="status" className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
            This link is spent: your notification settings changed after this e-mail was sent, so it no longer changes them.
          </p>
        )}
        <p className="mt-6 text-sm text-slate-600">
          Everything you are told, and how, is in{' '}
          <Link href={'/account/notifications' as Route} className="font-medium text-brand-700 underline">
            your notification settings
          </Link>{' '}
          (after signing in).
        </p>
      </div>
    </main>
  );
}
