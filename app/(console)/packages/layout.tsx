import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

export default async function PackagesLayout({ children }: { children: React.ReactNode }) {
  const user = await userWith('packages:read');
  if (!user) return <Forbidden area="Packages" />;
  return children;
}
