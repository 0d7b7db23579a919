import 'server-only';
import type { Kysely } from 'kysely';
import type { Preview } from '@/lib/packages/schemas';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { previewPackage } from '../packages/preview-package';
import { RECEIPT_VALIDITY_MS } from '../send-records/open-reviews';
import { receiptHash } from '../send-records/send-record';
import { apiNow } from '../signing-api/client/upstream-clock';
import { moveRow, rowInput, rowOf, touchBatch } from './batch-store';
import { noteRowReceipt } from './row-receipts';
import { sealReceipt } from './queued-sends';

export interface PreviewRowOptions {
  db: Kysely<Database>;
  userId: string;
  batchId: string;
  position: number;
}

/**
 * A new receipt for a row, made from the row's own input (never from what the browser sends).
 * A row already reviewed keeps its review when the new populated PDF has the digest it
 * reviewed; otherwise it is to be reviewed again.
 */
export async function previewRow({
  db,
  userId,
  batchId,
  position,
}: PreviewRowOptions): Promise<Preview & { review_kept: boolean }> {
  const { batch, row } = await rowOf(db, userId, batchId, position);
  if (row.state !== 'to_review' && row.state !== 'reviewed')
    throw new ConsoleError(409, 'ROW_NOT_PREVIEWABLE', rowClosed(row.state, row.line));
  if (batch.state === 'cancelled')
    throw new ConsoleError(409, 'BATCH_CANCELLED', 'This batch was cancelled: its rows are no longer previewed.');
  const preview = await previewPackage({ input: rowInput(row), userId });
  // Noted before the browser sees the receipt, so the single send never takes it.
  await noteRowReceipt(db, { batchId, position, previewToken: preview.preview_token, at: new Date() });
  const digest = preview.prepared_pdf.sha256 ?? null;
  const kept = row.state === 'reviewed' && row.pdf_sha256 !== null && digest === row.pdf_sha256;
  const hash = receiptHash(preview.preview_token);
  // The receipt's end on the API's clock: what the API says, else its 10 minutes from now there.
  const ends = preview.expires_at ?? new Date(apiNow().getTime() + RECEIPT_VALIDITY_MS).toISOString();
  const receipt = {
    receipt_hash: hash,
    receipt_expires_at: ends,
    // A confirmed row waiting its turn is sent with this fresher receipt of the same document.
    ...(kept ? { sealed_receipt: await sealReceipt(preview.preview_token) } : {}),
  };
  await moveRow(db, row, [row.state], kept ? receipt : { ...receipt, state: 'to_review', ...forgetReview });
  await touchBatch(db, batchId);
  return { ...preview, review_kept: kept };
}

const forgetReview = {
  reviewed_receipt_hash: null,
  pdf_sha256: null,
  review: null,
  reviewed_at: null,
  sealed_receipt: null,
} as const;

const rowClosed = (state: string, line: number) =>
  state === 'sent'
    ? `Row ${line} was sent already.`
    : state === 'sending'
      ? `Row ${line} is being sent: its outcome is confirmed before anything else is done with it.`
      : `Row ${line} was cancelled with its batch.`;
