import { AdminTabs } from '@/components/admin/admin-tabs';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';
import { sandboxControl } from '@/server/env';

export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  if (!(await userWith('catalog:admin'))) return <Forbidden area="Admin" />;
  return (
    <>
      <AdminTabs sandbox={sandboxControl() !== null} />
      {children}
    </>
  );
}
