'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useKeyedMutation, type KeyedMutationHandlers } from '../use-keyed-mutation.ts';
import { bulkKeys, changeBatch, createBatch, deleteBatch, fixRow, reviewRow, skipRow } from './queries.ts';
import type { SendFormValues } from '../packages/send-form.ts';
import type { BatchAction, BulkBatch, BulkBatchRead, CancelResult, CreateBatchInput } from './schemas.ts';
import type { ReviewEvidence } from '../packages/schemas.ts';

/** Makes a batch of checked rows: one key per click, reused while its answer is not known. */
export function useCreateBatch(handlers: KeyedMutationHandlers<CreateBatchInput, BulkBatch> = {}) {
  return useKeyedMutation({
    scope: 'bulk-create',
    request: (input: CreateBatchInput, { idempotencyKey }) => createBatch(input, idempotencyKey),
    invalidates: [bulkKeys.list],
    confirm: true,
    ...handlers,
  });
}

/**
 * Pause, resume, cancel the rest or retry the failed rows. Each is idempotent by nature, so no
 * key: the answer is the batch as it now is, and it replaces the cached one.
 */
export function useChangeBatch(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: BatchAction) => changeBatch(id, action),
    onSuccess: (batch: BulkBatchRead & { cancel_result?: CancelResult }) => client.setQueryData(bulkKeys.batch(id), batch),
    onSettled: () => client.invalidateQueries({ queryKey: bulkKeys.all }),
  });
}

/**
 * Fixing or skipping a row not yet sent: each answers the batch as it now is, which replaces the
 * cached one. Repeating either is harmless (the same values, the same skip), so no key.
 */
export function useChangeRow(id: string) {
  const client = useQueryClient();
  const settle = {
    onSuccess: (batch: BulkBatchRead) => client.setQueryData(bulkKeys.batch(id), batch),
    onSettled: () => client.invalidateQueries({ queryKey: bulkKeys.all }),
  };
  const fix = useMutation({
    mutationFn: (v: { position: number; values: SendFormValues }) => fixRow(id, v.position, v.values),
    ...settle,
  });
  const skip = useMutation({
    mutationFn: (v: { position: number; skipped: boolean }) => skipRow(id, v.position, v.skipped),
    ...settle,
  });
  return { fix, skip };
}

/** The sender's confirmation of one row's receipt; the batch is read again after any answer. */
export function useReviewRow(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { position: number; token: string; review: ReviewEvidence }) => reviewRow(id, v.position, v.token, v.review),
    onSettled: () => client.invalidateQueries({ queryKey: bulkKeys.batch(id) }),
  });
}

/**
 * Deletes a settled batch. Deleting again finds none (404), so no key; the batch's own view is
 * dropped, not read again (it would flash a 404 while the page moves on), and the list is read again.
 */
export function useDeleteBatch(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteBatch(id),
    onSuccess: () => client.removeQueries({ queryKey: bulkKeys.batch(id) }),
    onSettled: () => client.invalidateQueries({ queryKey: bulkKeys.list }),
  });
}
