'use client';

import { useQuery } from '@tanstack/react-query';
import { notificationPreferencesQuery } from '@/lib/notifications/preference-queries';
import { PageSkeleton } from '../ui/states';
import { QueryState } from '../ui/query-state';
import { NotificationPreferencesForm } from './notification-preferences-form';

/** Account → Notifications: the person's own preferences, loaded, then the form over them. */
export function NotificationPreferences() {
  const query = useQuery(notificationPreferencesQuery());
  return (
    <QueryState query={query} skeleton={<PageSkeleton />} errorTitle="Your notification settings could not be loaded">
      {(data) => <NotificationPreferencesForm data={data} />}
    </QueryState>
  );
}
