'use client';

import { useKeyedMutation } from '../use-keyed-mutation';
import { markNotificationsRead, notificationKeys } from './queries';
import type { MarkRead } from './schemas';

// Marking read changes only the bell: its list and count are read again.
export function useMarkNotificationsRead() {
  return useKeyedMutation({
    scope: 'notifications-read',
    request: (input: MarkRead, { idempotencyKey }) => markNotificationsRead(input, idempotencyKey),
    invalidates: [notificationKeys.all],
  });
}
