import 'server-only';
import type { Kysely } from 'kysely';
import { RECEIPT_UNUSABLE } from '@/lib/packages/receipt-codes';
import { reviewEvidenceSchema } from '@/lib/packages/schemas';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { outcomeOf } from '../intents/journal';
import { sendPackage } from '../packages/send-package';
import { sendOfReceipt } from '../send-records/find-send-by-receipt';
import { receiptHash } from '../send-records/send-record';
import { SigningApiError } from '../signing-api/client/errors';
import { moveRow, rowOf, toRow, touchBatch, type RowRecord } from './batch-store';

export interface SendRowOptions {
  db: Kysely<Database>;
  userId: string;
  batchId: string;
  position: number;
  /** the row's receipt to send */
  previewToken: string;
  /** the browser's key for this row's send: bound to the row, so no second send can start */
  idempotencyKey: string;
}

/**
 * Sends one reviewed row, exactly once. The row takes the key of its first send and keeps it:
 * another key is refused while that send's outcome is not known, or once it was sent; a new
 * key is taken only after a definite refusal (retry_failed). The send itself is the single
 * send's use case, so the package gets the same sending record.
 */
export async function sendRow({ db, userId, batchId, position, previewToken, idempotencyKey }: SendRowOptions) {
  const { batch, row } = await rowOf(db, userId, batchId, position);
  const retry = row.send_key === idempotencyKey;
  if (row.state === 'sent') {
    if (retry) return toRow(row);
    throw new ConsoleError(409, 'ROW_ALREADY_SENT', `Row ${row.line} was sent already, as package ${row.package_id}.`);
  }
  if (row.state === 'sending' && !retry)
    throw new ConsoleError(
      409,
      'ROW_SEND_IN_FLIGHT',
      `Row ${row.line} is being sent already (another tab?); its outcome is being confirmed.`,
    );
  if (row.state !== 'sending') {
    // A send under way is confirmed whatever the batch's state; a new one starts only in an open batch.
    if (batch.state === 'paused') throw new ConsoleError(409, 'BATCH_PAUSED', 'This batch is paused: resume it to send.');
    if (batch.state === 'cancelled')
      throw new ConsoleError(409, 'BATCH_CANCELLED', 'This batch was cancelled: nothing more is sent.');
    await startSend(db, row, previewToken, idempotencyKey);
  } else if (receiptHash(previewToken) !== row.receipt_hash) {
    throw new ConsoleError(409, 'IDEMPOTENCY_KEY_REUSED', 'This key already sends another receipt of this row.');
  }
  try {
    const pkg = await sendPackage({
      input: { template_id: batch.template_id, preview_token: previewToken, confirmed: true, review: storedReview(row) },
      idempotencyKey,
      userId,
      asBulkRow: true,
    });
    await moveRow(db, row, ['sending'], {
      state: 'sent',
      package_id: pkg.id,
      sent_at: new Date().toISOString(),
      error_code: null,
      error_message: null,
    });
  } catch (err) {
    // Spent: if by a package this console made of it (the single send of an older release, or
    // another instance), the row was sent, as that package; failing it would invite a second.
    if (err instanceof SigningApiError && err.code === RECEIPT_UNUSABLE) {
      const made = await sendOfReceipt(db, previewToken);
      if (made) {
        await moveRow(db, row, ['sending'], {
          state: 'sent',
          package_id: made.package_id,
          sent_at: made.sent_at ?? new Date().toISOString(),
          error_code: null,
          error_message: null,
        });
        return toRow((await rowOf(db, userId, batchId, position)).row);
      }
    }
    const refused = err instanceof SigningApiError || err instanceof ConsoleError;
    // A definite refusal: nothing was sent under this key. Anything else leaves the row sending,
    // and the browser confirms the outcome under the same key.
    if (refused && outcomeOf(err.status, err.code) === 'failed')
      await moveRow(db, row, ['sending'], { state: 'failed', error_code: err.code, error_message: err.message });
    throw err;
  } finally {
    await touchBatch(db, batchId);
  }
  return toRow((await rowOf(db, userId, batchId, position)).row);
}

/** Binds the key to a reviewed row whose receipt is the one reviewed, or carries its review. */
async function startSend(db: Kysely<Database>, row: RowRecord, previewToken: string, key: string) {
  if (row.state !== 'reviewed') {
    const why: Record<string, string> = {
      to_review: 'is not reviewed yet: review it, then send',
      failed: 'failed: retry the failed rows to send it again',
      cancelled: 'was cancelled with its batch',
    };
    throw new ConsoleError(409, 'ROW_NOT_REVIEWED', `Row ${row.line} ${why[row.state] ?? 'cannot be sent'}.`);
  }
  const hash = receiptHash(previewToken);
  if (hash !== row.receipt_hash)
    throw new ConsoleError(
      409,
      'RECEIPT_NOT_CURRENT',
      `This is not row ${row.line}'s latest preview. Preview it again, then send.`,
    );
  if (hash !== row.reviewed_receipt_hash) {
    // A new receipt of the same document keeps the review; any other was never reviewed.
    const made = await db.selectFrom('send_records').select('pdf_sha256').where('receipt_hash', '=', hash).executeTakeFirst();
    if (!row.pdf_sha256 || made?.pdf_sha256 !== row.pdf_sha256) {
      // The review stood for another document: it is to be done again, not retried.
      await moveRow(db, row, ['reviewed'], {
        state: 'to_review',
        reviewed_receipt_hash: null,
        pdf_sha256: null,
        review: null,
        reviewed_at: null,
      });
      throw new ConsoleError(
        409,
        'REVIEW_OUTDATED',
        `Row ${row.line}'s document changed since it was reviewed: review it again.`,
      );
    }
  }
  const bound = await moveRow(db, row, ['reviewed'], { state: 'sending', send_key: key, error_code: null, error_message: null });
  if (!bound)
    throw new ConsoleError(
      409,
      'ROW_SEND_IN_FLIGHT',
      `Row ${row.line} is being sent already (another tab?); its outcome is being confirmed.`,
    );
}

const storedReview = (row: RowRecord) => {
  if (!row.review) return undefined;
  const parsed = reviewEvidenceSchema.safeParse(JSON.parse(row.review));
  return parsed.success ? parsed.data : undefined;
};
