import type { Metadata } from 'next';
import { NewUserButton } from '@/components/admin/new-user-dialog';
import { UsersList } from '@/components/admin/users-list';
import { PageHeader } from '@/components/ui/page-header';
import { requireUser } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Users' };

export default async function UsersPage() {
  const me = await requireUser();
  return (
    <>
      <PageHeader
        title="Users"
        description="Console accounts and their roles. Role changes apply to the account's next request; disabling an account ends its sessions at once."
        actions={<NewUserButton />}
      />
      <UsersList currentUserId={me.id} />
    </>
  );
}
