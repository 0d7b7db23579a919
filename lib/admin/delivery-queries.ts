'use client';

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { via } from '../api-transport.ts';
import { adminKeys } from './queries.ts';
import type { FailedDeliveries } from './delivery-schemas.ts';
import { useKeyedMutation, type KeyedMutationHandlers } from '../use-keyed-mutation.ts';

// Admin → Background work, failed e-mail: the deliveries that gave up, read again every 15 s
// while shown, and a retry of one.

export const deliveryKeys = { failed: ['admin', 'deliveries', 'failed'] as const };

export const failedDeliveriesQuery = () =>
  queryOptions({
    queryKey: deliveryKeys.failed,
    queryFn: (ctx) => api<FailedDeliveries>('/api/admin/deliveries', via(ctx)),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: 15_000,
  });

export interface DeliveryRetry {
  id: string;
}

/** POST /api/admin/deliveries/:id/retry: refused (404) once it is back in line, so no Idempotency-Key. Audited. */
export function useRetryDelivery(
  handlers: KeyedMutationHandlers<DeliveryRetry, { notification_id: string; retried: true }> = {},
) {
  return useKeyedMutation({
    scope: 'delivery-retry',
    request: ({ id }: DeliveryRetry) =>
      api<{ notification_id: string; retried: true }>(`/api/admin/deliveries/${encodeURIComponent(id)}/retry`, {
        method: 'POST',
      }),
    invalidates: [deliveryKeys.failed, adminKeys.audit],
    ...handlers,
  });
}
