import { ConsoleShell } from '@/components/shell/console-shell';
import { requireUser } from '@/server/auth/page-access';
import { sandboxControl } from '@/server/env';

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  return (
    <ConsoleShell user={await requireUser()} embedded={sandboxControl() !== null}>
      {children}
    </ConsoleShell>
  );
}
