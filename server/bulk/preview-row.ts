import 'server-only';
import type { Kysely } from 'kysely';
import type { Preview } from '@/lib/packages/schemas';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { previewPackage } from '../packages/preview-package';
import { receiptHash } from '../send-records/send-record';
import { moveRow, rowInput, rowOf, touchBatch } from './batch-store';
import { noteRowReceipt } from './row-receipts';

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
  await moveRow(
    db,
    row,
    [row.state],
    kept ? { receipt_hash: hash } : { receipt_hash: hash, state: 'to_review', ...forgetReview },
  );
  await touchBatch(db, batchId);
  return { ...preview, review_kept: kept };
}

const forgetReview = { reviewed_receipt_hash: null, pdf_sha256: null, review: null, reviewed_at: null } as const;

const rowClosed = (state: string, line: number) =>
  state === 'sent'
    ? `Row ${line} was sent already.`
    : state === 'sending'
      ? `Row ${line} is being sent: its outcome is confirmed before anything else is done with it.`
      : `Row ${line} was cancelled with its batch.`;
