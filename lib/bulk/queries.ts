import { queryOptions } from '@tanstack/react-query';
import { api, apiResponse } from '../api-client.ts';
import { via } from '../api-transport.ts';
import { API_DATE_HEADER, apiClock, PREVIEW_VALIDITY_MS, receiptEnd } from '../api-clock.ts';
import type { Preview, ReviewEvidence } from '../packages/schemas.ts';
import type { SendFormValues } from '../packages/send-form.ts';
import { mergeBatch } from './merge-batch.ts';
import type { BatchAction, BulkBatch, BulkBatchRead, BulkRow, CancelResult, CreateBatchInput } from './schemas.ts';

export const bulkKeys = {
  all: ['bulk'] as const,
  list: ['bulk', 'list'] as const,
  batch: (id: string) => ['bulk', 'batch', id] as const,
};

const batchPath = (id: string, rest = '') => `/api/bulk-batches/${encodeURIComponent(id)}${rest}`;
const rowPath = (id: string, position: number, what: string) => batchPath(id, `/rows/${position}/${what}`);

export const batchesQuery = () =>
  queryOptions({
    queryKey: bulkKeys.list,
    queryFn: (ctx) => api<{ data: BulkBatch[] }>('/api/bulk-batches', via(ctx)),
    select: (page) => page.data,
  });

/**
 * A batch with its rows. Read again (the page follows a batch in flight), it asks only for the
 * rows changed since the cursor of what it holds, and puts them in their places.
 */
export const batchQuery = (id: string) =>
  queryOptions({
    queryKey: bulkKeys.batch(id),
    queryFn: async (ctx): Promise<BulkBatchRead> => {
      const held = ctx.client.getQueryData<BulkBatchRead>(bulkKeys.batch(id));
      const path = held?.cursor ? batchPath(id, `?since=${encodeURIComponent(held.cursor)}`) : batchPath(id);
      return mergeBatch(held, await api<BulkBatchRead>(path, via(ctx)));
    },
  });

export const batchExportHref = (id: string) => batchPath(id, '/export');

export const createBatch = (input: CreateBatchInput, idempotencyKey: string) =>
  api<BulkBatch>('/api/bulk-batches', { method: 'POST', body: input, idempotencyKey });

export const changeBatch = (id: string, action: BatchAction) =>
  api<BulkBatchRead & { cancel_result?: CancelResult }>(batchPath(id, '/actions'), { method: 'POST', body: { action } });

export const deleteBatch = (id: string) => api<{ id: string; deleted: true }>(batchPath(id), { method: 'DELETE' });

/** A receipt of a row held in the browser, with when it ends on the API's clock. */
export interface RowReceipt {
  preview: Preview & { review_kept: boolean };
  endsAt: number;
}

/** A new receipt for a row, made by the server from the row's own values. */
export async function previewRow(id: string, position: number, signal?: AbortSignal): Promise<RowReceipt> {
  const sentAt = performance.now();
  const res = await apiResponse(rowPath(id, position, 'preview'), { method: 'POST', body: {}, signal });
  const preview = (await res.json()) as RowReceipt['preview'];
  const endsAt = receiptEnd(res.headers.get(API_DATE_HEADER), preview.expires_at) ?? apiClock.now(sentAt) + PREVIEW_VALIDITY_MS;
  return { preview, endsAt };
}

/** The row's values fixed before it is sent; the answer is the batch, the row to review again. */
export const fixRow = (id: string, position: number, values: SendFormValues) =>
  api<BulkBatchRead>(batchPath(id, `/rows/${position}`), { method: 'PUT', body: { values } });

/** The row left out (never sent), or taken back in to be reviewed again; the answer is the batch. */
export const skipRow = (id: string, position: number, skipped: boolean) =>
  api<BulkBatchRead>(rowPath(id, position, 'skip'), { method: 'POST', body: { skipped } });

export const reviewRow = (id: string, position: number, token: string, review: ReviewEvidence) =>
  api<BulkRow>(rowPath(id, position, 'review'), { method: 'POST', body: { preview_token: token, review } });
