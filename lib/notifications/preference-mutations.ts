'use client';

import type { FieldValues } from 'react-hook-form';
import { useKeyedMutation, type KeyedMutationHandlers } from '../use-keyed-mutation';
import { preferenceKeys, saveNotificationPreferences } from './preference-queries';
import type { SavedPreferences, SavePreferences } from './preference-schemas';

// Saving changes only the person's own preferences: they are read again.
export function useSaveNotificationPreferences<F extends FieldValues>(
  handlers: KeyedMutationHandlers<SavePreferences, SavedPreferences, F> = {},
) {
  return useKeyedMutation({
    scope: 'notification-preferences',
    request: (input: SavePreferences, { idempotencyKey }) => saveNotificationPreferences(input, idempotencyKey),
    invalidates: [preferenceKeys.all],
    ...handlers,
  });
}
