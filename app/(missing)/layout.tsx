import { ConsoleShell } from '@/components/shell/console-shell';
import { requireUser } from '@/server/auth/page-access';
import { sandboxControl } from '@/server/env';

// Addresses no page answers get the console's own 404 inside the console's shell. A group of
// their own: the console's pages stream behind a loading boundary, and a response that has
// begun streaming can no longer say 404.
export default async function MissingLayout({ children }: { children: React.ReactNode }) {
  return (
    <ConsoleShell user={await requireUser()} embedded={sandboxControl() !== null}>
      {children}
    </ConsoleShell>
  );
}
