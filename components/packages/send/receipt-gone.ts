import { ConsoleApiError } from '@/lib/api-error';
import { RECEIPT_NOT_FOUND, RECEIPT_UNUSABLE } from '@/lib/packages/receipt-codes';

/** Why the review ended without a send; the form says so when it comes back. */
export type BackReason = 'edit' | 'expired' | 'consumed' | 'not_found';

/**
 * Within this much of the receipt's end a spent receipt counts as expired: the console's
 * estimate of the API's clock is good to a second or two, and the API says only "spent".
 */
export const RECEIPT_END_MARGIN_MS = 5_000;

/**
 * The reason when an answer says the receipt can no longer be used; undefined for any other
 * failure. The API does not say whether a spent receipt was sent or ran out: its end, on the
 * API's clock, tells them apart (`remainingMs`: the receipt's time left when the answer came).
 */
export function receiptGone(err: unknown, remainingMs: number): BackReason | undefined {
  if (!(err instanceof ConsoleApiError)) return undefined;
  if (err.code === RECEIPT_NOT_FOUND) return 'not_found';
  if (err.code === RECEIPT_UNUSABLE) return remainingMs <= RECEIPT_END_MARGIN_MS ? 'expired' : 'consumed';
  return undefined;
}
