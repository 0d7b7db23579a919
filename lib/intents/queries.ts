import { queryOptions } from '@tanstack/react-query';
import { api, qs } from '../api-client.ts';
import { via } from '../api-transport.ts';
import type { OpenIntent } from './schemas.ts';

export type { OpenIntent };

export const intentKeys = { open: (operation: string) => ['intents', 'open', operation] as const };

export const openIntentsQuery = (operation: string) =>
  queryOptions({
    queryKey: intentKeys.open(operation),
    queryFn: (ctx) => api<{ data: OpenIntent[] }>(`/api/intents${qs({ operation })}`, via(ctx)),
    select: (page) => page.data.filter((i) => i.replayable),
    // Read afresh on every visit, never from memory: a send that lost its answer since the last
    // read (in this tab, another tab, another session) must keep the form closed.
    staleTime: 0,
    gcTime: 0,
  });

/** The very request again, under the very key: the API answers it once, whatever happened before. */
export const resendIntent = <T>(intent: OpenIntent) =>
  api<T>(intent.path, { method: intent.method, body: intent.body, idempotencyKey: intent.idempotency_key });
