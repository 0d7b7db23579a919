import type { Metadata, Route } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { safeRedirectPath } from '@/lib/security/safe-redirect';
import { SignInForm } from '@/components/auth/sign-in-form';
import { pageSession } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const next = typeof params.next === 'string' ? params.next : null;
  if ((await pageSession()).user) {
    // Any origin works as the base: only a path of this console survives the comparison.
    const host = (await headers()).get('host') ?? 'localhost';
    redirect(safeRedirectPath(next, `http://${host}`) as Route);
  }
  const notice = params.expired ? 'Your session ended. Sign in again to continue.' : params.signed_out ? 'You are signed out.' : null;
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm rounded-lg bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-semibold text-slate-900">Sign in to Signdesk</h1>
        <p className="mb-6 mt-1 text-sm text-slate-600">The console for document signing and approvals.</p>
        <SignInForm next={next} notice={notice} />
      </div>
    </main>
  );
}
