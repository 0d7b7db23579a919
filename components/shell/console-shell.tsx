import Link from 'next/link';
import type { Route } from 'next';
import { AREAS, can, ROLES, type Role } from '@/lib/roles';
import { Nav } from './nav';
import { SignOutButton } from './sign-out-button';
import { NotificationBell } from './notification-bell';
import { HeldNotice } from './held-notice';
import { GlobalSearch } from '../search/global-search';
import { OpenedByProvider } from '../search/opened-by';
import { SEARCH_KINDS } from '@/lib/search/search-kinds';

interface ConsoleShellProps {
  user: { id: string; name: string; roles: readonly Role[] };
  /** connected to the embedded sandbox: the note above the header says so */
  embedded: boolean;
  children: React.ReactNode;
}

/** The console around a page: the sandbox note, the header with the user's areas, and the page. */
export function ConsoleShell({ user, embedded, children }: ConsoleShellProps) {
  const searchable = SEARCH_KINDS.filter((k) => can(user.roles, k.permission)).map((k) => k.id);
  const areas = AREAS.filter((a) => can(user.roles, a.permission)).map(({ key, label, href }) => ({ key, label, href }));
  return (
    <OpenedByProvider userId={user.id}>
      <div className="min-h-screen">
        {/* First stop of the keyboard: past the banner and the navigation, to the page itself. */}
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-semibold text-brand-700 shadow focus:not-sr-only focus:absolute focus:left-4 focus:top-2"
        >
          Skip to content
        </a>
        {embedded && (
          <div className="bg-amber-100 px-4 py-1.5 text-center text-sm text-amber-950" role="note">
            Connected to the embedded sandbox: data is simulated, and reviewers and recipients are played from{' '}
            {can(user.roles, 'sandbox:control') ? (
              <Link href={'/admin/sandbox' as Route} className="font-semibold underline">
                Admin → Sandbox
              </Link>
            ) : (
              'the admin sandbox panel'
            )}
            .
          </div>
        )}
        <header className="bg-slate-800 print:hidden">
          {/* On a phone the navigation takes a row of its own below the name and Sign out, and wraps there. */}
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-2.5">
            <Link href="/" className="text-lg font-semibold text-white">
              Signdesk
            </Link>
            <div className="order-last w-full md:order-none md:w-auto md:flex-1">
              <Nav areas={areas} />
            </div>
            {/* On a phone: a row of its own under the navigation, the whole width. */}
            <div className="order-last w-full md:order-none md:w-64">
              <GlobalSearch kinds={searchable} />
            </div>
            <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1 text-sm text-slate-100">
              <span>
                {/* Your own settings: what you are told, and how (issue 37). */}
                <Link
                  href={'/account/notifications' as Route}
                  className="font-medium underline-offset-2 hover:underline"
                  title="Your notification settings"
                >
                  {user.name}
                </Link>{' '}
                <span className="text-slate-300">({ROLES.filter((r) => user.roles.includes(r)).join(', ')})</span>
              </span>
              <NotificationBell />
              <SignOutButton />
            </div>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none">
          {children}
        </main>
        <HeldNotice />
      </div>
    </OpenedByProvider>
  );
}
