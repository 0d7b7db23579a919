import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

// Every page under /documents (list, detail, editor) needs documents:read.
export default async function DocumentsLayout({ children }: { children: React.ReactNode }) {
  const user = await userWith('documents:read');
  if (!user) return <Forbidden area="Documents" />;
  return <>{children}</>;
}
