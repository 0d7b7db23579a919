'use client';

import { api } from '../api-client';
import { useKeyedMutation, type KeyedMutationHandlers } from '../use-keyed-mutation';
import { homeKeys } from './queries';

const dismiss = (key: string, idempotencyKey: string) =>
  api<{ dismissed: string }>('/api/home/dismissals', { method: 'POST', body: { key }, idempotencyKey });

/** Puts a "Went wrong" row aside for this user; home is read again after the answer. */
export function useDismissHomeItem(handlers: KeyedMutationHandlers<{ key: string }, { dismissed: string }> = {}) {
  return useKeyedMutation({
    scope: 'home-dismiss',
    request: ({ key }: { key: string }, { idempotencyKey }) => dismiss(key, idempotencyKey),
    invalidates: [homeKeys.all],
    ...handlers,
  });
}
