import type { Metadata } from 'next';
import { NewUserButton } from '@/components/admin/new-user-dialog';
import { SignInThrottles } from '@/components/admin/sign-in-throttles';
import { UsersList } from '@/components/admin/users-list';
import { PageHeader } from '@/components/ui/page-header';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Users' };

export default async function UsersPage() {
  const me = await userWith('users:admin');
  if (!me) return <Forbidden area="User administration" />;
  return (
    <>
      <PageHeader
        title="Users"
        description="Console accounts and their roles. Role changes apply to the account's next request; disabling an account ends its sessions at once."
        actions={<NewUserButton />}
      />
      <UsersList currentUserId={me.id} />
      <SignInThrottles />
    </>
  );
}
