'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../api-client.ts';
import { apiClock } from '../api-clock.ts';
import { newIdempotencyKey } from '../idempotency.ts';
import { resendIntent } from '../intents/queries.ts';
import type { OpenIntent } from '../intents/schemas.ts';
import { BatchSender } from './batch-sender.ts';
import { bulkKeys, previewRow, sendRow } from './queries.ts';
import type { BulkBatchDetail, BulkRow } from './schemas.ts';

const MENDED = new Set(['RECEIPT_NOT_CURRENT', 'ROW_SEND_IN_FLIGHT', 'ROW_ALREADY_SENT']);

/** The send of a row whose outcome is unknown, settled by the very request the journal kept. */
async function resendRow(key: string): Promise<BulkRow | null> {
  const { data } = await api<{ data: OpenIntent[] }>('/api/intents?operation=bulk.send_row');
  const intent = data.find((i) => i.idempotency_key === key);
  return intent ? resendIntent<BulkRow>(intent) : null;
}

/**
 * Sends the batch's confirmed rows while this page is open (lib/bulk/batch-sender.ts); the
 * batch is read again after every answer. `refused` tells the page why a row did not go.
 */
export function useBatchSender(batch: BulkBatchDetail | undefined, refused: (row: BulkRow, message: string) => void) {
  const client = useQueryClient();
  const id = batch?.id;
  const [sender, setSender] = useState<BatchSender | null>(null);
  // The latest callback, read when a refusal comes, without making a new sender each render.
  const [refusedRef] = useState(() => ({ current: refused }));
  useEffect(() => {
    refusedRef.current = refused;
  });
  useEffect(() => {
    if (!id) return;
    const made = new BatchSender({
      preview: async (position) => {
        const { preview, endsAt } = await previewRow(id, position);
        return { token: preview.preview_token, endsAt, reviewKept: preview.review_kept };
      },
      send: (position, token, key) => sendRow(id, position, token, key),
      resend: resendRow,
      newKey: () => newIdempotencyKey('bulk-row'),
      now: () => apiClock.now(),
      changed: () => void client.invalidateQueries({ queryKey: bulkKeys.batch(id) }),
      // A race the sender mends by itself (another tab's receipt, another tab's send) is not
      // the sender's to hear of; every other refusal is.
      refused: (row, message, code) => {
        if (code === null || !MENDED.has(code)) refusedRef.current(row, message);
      },
      wait: (ms) => new Promise((r) => setTimeout(r, ms)),
    });
    setSender(made);
    return () => made.stop();
  }, [id, client, refusedRef]);
  useEffect(() => {
    if (sender && batch) sender.sync(batch);
  }, [sender, batch]);
  return sender;
}
