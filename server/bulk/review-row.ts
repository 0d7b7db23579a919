import 'server-only';
import type { Kysely } from 'kysely';
import { REVIEW_SECTION_IDS, REVIEW_SECTION_TITLES, type ReviewEvidence } from '@/lib/packages/schemas';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { previewOf } from '../send-records/preview-of';
import { stampReview } from '../send-records/review-evidence';
import { receiptHash } from '../send-records/send-record';
import { moveRow, rowOf, toRow, touchBatch } from './batch-store';
import { queueRowSend, sealReceipt } from './queued-sends';

export interface ReviewRowOptions {
  db: Kysely<Database>;
  userId: string;
  batchId: string;
  position: number;
  input: { preview_token: string; review: ReviewEvidence };
  now?: Date;
}

/**
 * The sender's confirmation of one row's package: its latest receipt, every page of its
 * populated PDF and every part of the summary seen. The gate the single send's page keeps is
 * kept here by the server too, since a batch is confirmed row by row, perhaps over hours.
 */
export async function reviewRow({ db, userId, batchId, position, input, now = new Date() }: ReviewRowOptions) {
  const { batch, row } = await rowOf(db, userId, batchId, position);
  if (batch.state === 'cancelled')
    throw new ConsoleError(409, 'BATCH_CANCELLED', 'This batch was cancelled: nothing more is reviewed or sent.');
  if (row.state !== 'to_review' && row.state !== 'reviewed')
    throw new ConsoleError(
      409,
      'ROW_NOT_REVIEWABLE',
      `Row ${row.line} is ${row.state === 'sent' ? 'sent already' : 'past its review'}.`,
    );
  const hash = receiptHash(input.preview_token);
  if (hash !== row.receipt_hash)
    throw new ConsoleError(
      409,
      'RECEIPT_NOT_CURRENT',
      `This is not row ${row.line}'s latest preview. Open the row again to review its current preview.`,
    );
  const preview = await previewOf(db, input.preview_token, userId);
  // The server's count alone: the API's, or the console's own from the PDF it passed on.
  const pageCount = preview?.page_count ?? null;
  const review = stampReview({ review: input.review, previewedAt: preview?.identical_since ?? null, pageCount, now });
  const seen = new Set(review.pages.map((p) => p.page));
  const unseen = pageCount ? Array.from({ length: pageCount }, (_, i) => i + 1).filter((p) => !seen.has(p)) : [];
  const sections = new Set(review.sections.map((s) => s.id));
  const unread = REVIEW_SECTION_IDS.filter((id) => !sections.has(id));
  if (!pageCount || unseen.length > 0 || unread.length > 0) {
    const missing = [
      !pageCount ? 'the number of pages' : null,
      unseen.length > 0
        ? `page${unseen.length === 1 ? '' : 's'} ${unseen.slice(0, 10).join(', ')}${unseen.length > 10 ? ', …' : ''}`
        : null,
      ...unread.map((id) => REVIEW_SECTION_TITLES[id].toLowerCase()),
    ].filter(Boolean);
    throw new ConsoleError(422, 'REVIEW_INCOMPLETE', `Row ${row.line} is not reviewed yet: still to see ${missing.join(', ')}.`, [
      { path: 'review', message: `still to see ${missing.join(', ')}` },
    ]);
  }
  const moved = await moveRow(
    db,
    row,
    ['to_review', 'reviewed'],
    {
      state: 'reviewed',
      reviewed_receipt_hash: hash,
      pdf_sha256: preview?.pdf_sha256 ?? null,
      review: JSON.stringify(review),
      reviewed_at: now.toISOString(),
      // The server sends it from here on, whether or not the sender's tab stays open.
      sealed_receipt: await sealReceipt(input.preview_token),
      error_code: null,
      error_message: null,
    },
    now,
  );
  if (!moved)
    throw new ConsoleError(409, 'ROW_NOT_REVIEWABLE', `Row ${row.line} moved on meanwhile (another tab?). Reload the batch.`);
  await touchBatch(db, batchId, now);
  await queueRowSend(batchId, position);
  return toRow((await rowOf(db, userId, batchId, position)).row);
}
