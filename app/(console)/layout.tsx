import { Suspense } from 'react';
import { ConsoleShell } from '@/components/shell/console-shell';
import { TitleKeeper } from '@/components/shell/title-keeper';
import { requireUser } from '@/server/auth/page-access';
import { sandboxControl } from '@/server/env';

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  return (
    <ConsoleShell user={await requireUser()} embedded={sandboxControl() !== null}>
      {children}
      {/* Reads the search parameters, so it waits for them apart from the page. */}
      <Suspense fallback={null}>
        <TitleKeeper />
      </Suspense>
    </ConsoleShell>
  );
}
