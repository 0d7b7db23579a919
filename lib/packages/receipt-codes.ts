// The console's own codes for what became of a preview receipt. The spec names no code for a
// spent, expired or unknown receipt: the console's server decides them from the status and a
// fresh read of the receipt (server/signing-api/packages.ts), and the browser acts on these alone.

/** The receipt is unknown to the API (404). */
export const RECEIPT_NOT_FOUND = 'PREVIEW_NOT_FOUND';
/** The receipt can no longer be sent: it was sent already, or its 10 minutes are over. */
export const RECEIPT_UNUSABLE = 'PREVIEW_UNUSABLE';
