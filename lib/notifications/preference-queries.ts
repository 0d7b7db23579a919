import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { via } from '../api-transport.ts';
// Types only: zod stays off the page's first load (ARCHITECTURE.md); the route answers this shape.
import type { Preferences, SavedPreferences, SavePreferences } from './preference-schemas.ts';

export const preferenceKeys = { all: ['notification-preferences'] as const };

export const notificationPreferencesQuery = () =>
  queryOptions({
    queryKey: preferenceKeys.all,
    queryFn: (ctx) => api<Preferences>('/api/account/notification-preferences', via(ctx)),
  });

export const saveNotificationPreferences = (body: SavePreferences, idempotencyKey: string) =>
  api<SavedPreferences>('/api/account/notification-preferences', { method: 'PUT', body, idempotencyKey });
