import 'server-only';
import { KEY_STILL_RUNNING, unsettledAnswer } from '@/lib/confirm-loop';
import type { ReviewEvidence } from '@/lib/packages/schemas';
import { db } from '../db';
import { logger } from '../logger';
import { rememberRecipients } from '../recipients/remember-recipients';
import { previewOf } from '../send-records/preview-of';
import { recordSend } from '../send-records/record-send';
import { stampReview } from '../send-records/review-evidence';
import { SigningApiError } from '../signing-api/client/errors';
import { postSignaturePackage, probePreviewDocument, type ReceiptRef } from '../signing-api/packages';
import { refuseRowReceipt } from '../bulk/row-receipts';
import { receiptRefusal } from './receipt-refusal';

type SendInput = ReceiptRef & { confirmed: true };

export interface SendPackageOptions {
  /** the reviewed preview's receipt, confirmed by the sender, and what the sender saw */
  input: SendInput & { review?: ReviewEvidence };
  /** the browser's key for this Send click, the same on every retry */
  idempotencyKey: string;
  /** who pressed Send */
  userId: string;
  /** the send of a bulk row's receipt, by its row (server/bulk/send-row.ts): the only way one is sent */
  asBulkRow?: true;
  /** the team it is sent for (server/teams/team-for-record.ts); a bulk row's is its batch's */
  teamId?: string | null;
}

/**
 * Sends a reviewed preview once; a refusal is explained by what became of its receipt. The
 * package the API made completes the console's record of the preview.
 */
export async function sendPackage({ input: given, idempotencyKey, userId, asBulkRow, teamId }: SendPackageOptions) {
  // The API gets the send body the spec names; what the sender saw, and for which team, stay in the console.
  const { review: claimed, team_id: _team, ...input } = given as typeof given & { team_id?: string };
  const database = await db();
  if (!asBulkRow) await refuseRowReceipt(database, input.preview_token);
  // Checked before the API hears of the Send: evidence that cannot be true refuses it whole. A
  // bulk row's was stamped by the server when the row was confirmed (server/bulk/review-row.ts).
  const preview = claimed && !asBulkRow ? await previewOf(database, input.preview_token, userId) : undefined;
  const review = !claimed
    ? null
    : asBulkRow
      ? claimed
      : stampReview({
          review: claimed,
          previewedAt: preview?.identical_since ?? null,
          pageCount: preview?.page_count ?? null,
          now: new Date(),
        });
  let sent: Awaited<ReturnType<typeof postSignaturePackage>>;
  try {
    sent = await postSignaturePackage(input, idempotencyKey);
  } catch (err) {
    if (!(err instanceof SigningApiError && [404, 409, 410].includes(err.status))) throw err;
    sent = await explainSendRefusal(input, idempotencyKey, err);
  }
  const at = new Date();
  const first = await recordSend(database, {
    previewToken: input.preview_token,
    packageId: sent.pkg.id,
    status: sent.pkg.status,
    templateName: sent.pkg.template_name ?? null,
    idempotencyKey,
    requestId: sent.requestId,
    at,
    userId,
    review,
    teamId,
  });
  // The recipient book is a convenience: the answer does not wait for it and a failure of it is a
  // log line, never a failed send; a replay of the same send (its record already completed) is
  // not a second use.
  if (first) {
    void rememberRecipients({ db: database, previewToken: input.preview_token, userId, at }).catch((err: unknown) =>
      logger().warn({ err, package_id: sent.pkg.id }, 'recipient book not updated after a send'),
    );
  }
  return sent.pkg;
}

/**
 * Reads the receipt again after a refused Send. Still good: the refusal was this same Send's
 * key still running, so its outcome is not known yet. Spent: it may have been spent by this
 * very Send in the meantime, so the same request goes once more under the same key, whose
 * answer replays the Send that spent it if it was ours. No clear answer: the outcome stays
 * unknown (the browser confirms under the same key).
 */
async function explainSendRefusal(input: SendInput, key: string, err: SigningApiError) {
  try {
    await probePreviewDocument(input);
  } catch (read) {
    if (!(read instanceof SigningApiError)) throw read;
    if (unsettledAnswer(read.status)) throw read;
    const gone = receiptRefusal(read);
    if (!gone) throw err;
    if (err.status !== 409) throw gone;
    try {
      return await postSignaturePackage(input, key);
    } catch (again) {
      throw again instanceof SigningApiError && again.status === 409 ? gone : again;
    }
  }
  if (err.status !== 409) throw err;
  throw new SigningApiError(
    409,
    KEY_STILL_RUNNING,
    'The Signing API is still processing this Send. The console is confirming it; nothing else will be sent.',
    [],
    err.retryAfterMs,
    err.requestId,
  );
}
