import 'server-only';
import { RECEIPT_NOT_FOUND, RECEIPT_UNUSABLE } from '@/lib/packages/receipt-codes';
import { SigningApiError } from '../signing-api/client/errors';

// The spec's 409 covers a spent receipt and a key still running alike, and it names no code
// for either (section 7): what became of the receipt is read from the API, never from a code.

/** A refusal of the receipt itself in the console's words: unknown (404), or spent or expired (409, 410). */
export function receiptRefusal(err: SigningApiError): SigningApiError | null {
  const again = (status: number, code: string, message: string) =>
    new SigningApiError(status, code, message, [], err.retryAfterMs, err.requestId);
  if (err.status === 404) return again(404, RECEIPT_NOT_FOUND, 'The preview receipt was not found. Create a new preview.');
  if (err.status === 409 || err.status === 410)
    return again(409, RECEIPT_UNUSABLE, 'This preview can no longer be sent: it was sent already, or its 10 minutes are over. Create a new preview.');
  return null;
}
