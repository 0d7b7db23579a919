import 'server-only';
import type { Kysely } from 'kysely';
import { RECEIPT_UNUSABLE } from '@/lib/packages/receipt-codes';
import { reviewEvidenceSchema } from '@/lib/packages/schemas';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { outcomeOf } from '../intents/journal';
import { sendPackage } from '../packages/send-package';
import { sendOfReceipt } from '../send-records/find-send-by-receipt';
import { SigningApiError } from '../signing-api/client/errors';
import { moveRow, touchBatch, type RowRecord } from './batch-store';

export const RECEIPT_LAPSED = 'RECEIPT_LAPSED';

/** A row whose receipt lapsed before its turn: back to review (a new preview may differ), saying why. */
export const lapsedRow = (line: number) =>
  ({
    state: 'to_review',
    send_key: null,
    reviewed_receipt_hash: null,
    sealed_receipt: null,
    review: null,
    reviewed_at: null,
    error_code: RECEIPT_LAPSED,
    error_message: `Row ${line}'s preview lapsed before its turn to be sent, so nothing was sent: preview and review it again.`,
  }) as const;

export interface DeliverRowOptions {
  db: Kysely<Database>;
  templateId: string;
  /** the row as it was when its send was bound to the key (state sending) */
  row: RowRecord;
  previewToken: string;
  idempotencyKey: string;
  /** the batch's owner: the package is theirs */
  userId: string;
}

/**
 * The send of a row bound to its key, or the same send again under that key (its outcome was
 * not known). Ends the row sent or, on a definite refusal, failed; any other outcome leaves it
 * sending and throws, to be confirmed under the same key.
 */
export async function deliverRow({ db, templateId, row, previewToken, idempotencyKey, userId }: DeliverRowOptions) {
  const settled = { error_code: null, error_message: null, sealed_receipt: null } as const;
  try {
    const pkg = await sendPackage({
      input: { template_id: templateId, preview_token: previewToken, confirmed: true, review: storedReview(row) },
      idempotencyKey,
      userId,
      asBulkRow: true,
    });
    await moveRow(db, row, ['sending'], { state: 'sent', package_id: pkg.id, sent_at: new Date().toISOString(), ...settled });
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
          ...settled,
        });
        return;
      }
      // Not sent by this console: its 10 minutes ran out before its turn. A new preview may
      // differ, so the sender reviews it again; nothing was sent.
      await moveRow(db, row, ['sending'], lapsedRow(row.line));
      return;
    }
    const refused = err instanceof SigningApiError || err instanceof ConsoleError;
    // A definite refusal: nothing was sent under this key. Anything else leaves the row sending,
    // and its outcome is confirmed under the same key.
    if (refused && outcomeOf(err.status, err.code) === 'failed')
      // The receipt stays: retrying the failed rows sends it again while it lasts.
      await moveRow(db, row, ['sending'], { state: 'failed', error_code: err.code, error_message: err.message });
    throw err;
  } finally {
    await touchBatch(db, row.batch_id);
  }
}

const storedReview = (row: RowRecord) => {
  if (!row.review) return undefined;
  const parsed = reviewEvidenceSchema.safeParse(JSON.parse(row.review));
  return parsed.success ? parsed.data : undefined;
};
