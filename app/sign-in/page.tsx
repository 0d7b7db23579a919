import type { Metadata, Route } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { safeRedirectPath } from '@/lib/security/safe-redirect';
import { SignInForm } from '@/components/auth/sign-in-form';
import { pageSession } from '@/server/auth/page-access';
import { signInError } from '@/lib/auth/sign-in-errors';
import { demoPasswordSet, env, sandboxControl } from '@/server/env';
import { demoPasswordSource } from '@/server/auth/demo-password-source';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const next = typeof params.next === 'string' ? params.next : null;
  if ((await pageSession()).user) {
    // Any origin works as the base: only a path of this console survives the comparison.
    const host = (await headers()).get('host') ?? 'localhost';
    redirect(safeRedirectPath(next, `http://${host}`) as Route);
  }
  const notice = params.expired
    ? 'Your session ended. Sign in again to continue.'
    : params.signed_out
      ? 'You are signed out.'
      : null;
  const refused = signInError(typeof params.error === 'string' ? params.error : null);
  const { oidc, LOCAL_SIGN_IN, CONSOLE_DATA_DIR } = env();
  const demo = demoPasswordSource({ demoPasswordSet: demoPasswordSet(), dataDir: CONSOLE_DATA_DIR, cwd: process.cwd() });
  // With password sign-in off, the form stays reachable for the break-glass admin (README, Security).
  const local = LOCAL_SIGN_IN || params.local === '1';
  const start = `/api/auth/oidc/start${next ? `?next=${encodeURIComponent(next)}` : ''}`;
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm rounded-lg bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-semibold text-slate-900">Sign in to Signdesk</h1>
        <p className="mb-6 mt-1 text-sm text-slate-600">The console for document signing and approvals.</p>
        {refused && (
          <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-900">
            {refused}
          </p>
        )}
        {oidc && (
          // A link, not a form: the provider is another origin, and the page's CSP allows no cross-origin form post.
          <a
            href={start}
            className="mb-4 flex w-full items-center justify-center rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
          >
            Sign in with {oidc.providerName}
          </a>
        )}
        {oidc && local && (
          <p className="mb-4 text-center text-xs text-slate-600">
            {LOCAL_SIGN_IN ? 'or with a Signdesk password' : 'Password sign-in is for emergencies, by admins only'}
          </p>
        )}
        {sandboxControl() !== null && local && (
          // A newcomer's first question on a fresh install: which account, and which password.
          <p role="note" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
            Embedded sandbox: <code>npm start</code> printed the demo accounts (<code>viewer@signdesk.local</code>,{' '}
            <code>operator@…</code>, <code>sender@…</code>, <code>admin@…</code>) and their password in its terminal.{' '}
            {'setting' in demo ? (
              <>
                The password is the one set in <code>DEMO_PASSWORD</code>.
              </>
            ) : (
              <>
                The password is also in <code className="break-all">{demo.file}</code>.
              </>
            )}
          </p>
        )}
        {local ? (
          <SignInForm next={next} notice={notice} />
        ) : (
          notice && (
            <p role="status" className="rounded-md bg-brand-50 p-3 text-sm text-brand-700">
              {notice}
            </p>
          )
        )}
      </div>
    </main>
  );
}
