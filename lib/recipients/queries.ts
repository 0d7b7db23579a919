import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, qs } from '../api-client.ts';
import { via } from '../api-transport.ts';
import type { Page } from '../list/schemas.ts';
import type { Recipient, RecipientImportInput, RecipientImportResult, RecipientUpdate } from './schemas.ts';

export interface RecipientListArgs {
  q?: string;
  page: number;
  size: number;
}

export const recipientKeys = {
  all: ['recipients'] as const,
  list: (args: RecipientListArgs) => ['recipients', 'list', args] as const,
};

const path = (id: string) => `/api/recipients/${encodeURIComponent(id)}`;

/** A page of the book: most recently used first; `q` finds any part of a name or an address. */
export const recipientsQuery = (args: RecipientListArgs) =>
  queryOptions({
    queryKey: recipientKeys.list(args),
    queryFn: (ctx) => api<Page<Recipient>>(`/api/recipients${qs({ ...args })}`, via(ctx)),
    placeholderData: keepPreviousData,
  });

export const updateRecipient = (id: string, input: RecipientUpdate, idempotencyKey: string) =>
  api<Recipient>(path(id), { method: 'PATCH', body: input, idempotencyKey });

export const deleteRecipient = (id: string, version: number, idempotencyKey: string) =>
  api<{ deleted: string; email: string }>(path(id), { method: 'DELETE', body: { version }, idempotencyKey });

export const importRecipients = (input: RecipientImportInput, idempotencyKey: string) =>
  api<RecipientImportResult>('/api/recipients/import', { method: 'POST', body: input, idempotencyKey });
