import { ConsoleApiError } from '@/lib/api-error';

/** Why the review ended without a send; the form says so when it comes back. */
export type BackReason = 'edit' | 'expired' | 'consumed' | 'not_found';

const RECEIPT_GONE: Record<string, BackReason> = {
  PREVIEW_EXPIRED: 'expired',
  PREVIEW_CONSUMED: 'consumed',
  PREVIEW_NOT_FOUND: 'not_found',
};

/** The reason when an answer says the receipt can no longer be used; undefined for any other failure. */
export function receiptGone(err: unknown): BackReason | undefined {
  return err instanceof ConsoleApiError ? RECEIPT_GONE[err.code] : undefined;
}
