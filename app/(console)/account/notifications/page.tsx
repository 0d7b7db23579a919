import type { Metadata } from 'next';
import { Suspense } from 'react';
import { NotificationPreferences } from '@/components/account/notification-preferences';
import { PageHeader } from '@/components/ui/page-header';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Notification settings' };

// Every signed-in person's own page: what they are told, in the console and by e-mail (issue 37).
export default async function NotificationSettingsPage() {
  if (!(await userWith('read'))) return <Forbidden area="Notification settings" />;
  return (
    <>
      <PageHeader
        title="Notification settings"
        description="What you are told of the packages you send, the requests you submit and your batches: in the console’s bell, by e-mail at once, in one e-mail a day, or not at all."
      />
      <Suspense>
        <NotificationPreferences />
      </Suspense>
    </>
  );
}
