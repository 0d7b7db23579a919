import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

export default async function ApprovalsLayout({ children }: { children: React.ReactNode }) {
  const user = await userWith('approvals:read');
  if (!user) return <Forbidden area="Approvals" />;
  return children;
}
