// What a refusal meant, in the words home's "Went wrong" shows: the API's and the console's
// codes are for logs and support, a person reads a sentence. Zod-free and server-free, so it
// is tested on its own; a code not listed here is said by its HTTP status.

const BY_CODE: Readonly<Record<string, string>> = {
  // The Signing API's named codes (spec section 7) and the rejections it describes.
  PACKAGE_NOT_CLOSED: 'The package is still open: only a completed, declined or expired package can be archived.',
  PACKAGE_ALREADY_ARCHIVED: 'The package was already archived.',
  WORKFLOW_IN_USE: 'Requests still use this workflow (drafts, in progress or sent back), so it cannot be archived yet.',
  UPLOAD_BUSY: 'The Signing API had no room for another upload just then.',
  SANDBOX_API_DISABLED: 'This Signing API host does not offer sandbox controls.',
  STALE_WORKFLOW_RELEASE: 'The workflow has a newer release than the one the form was filled in for.',
  VERSION_CONFLICT: 'Someone changed it after you read it, so your change was not made.',
  CONFLICT: 'It had changed, or was in use, so the change was not made.',
  EDITOR_SESSION_EXPIRED: 'The field editor session had ended.',
  EDITOR_SESSION_INVALID: 'The field editor session was no longer valid.',
  INVALID_LAYOUT: 'The Signing API refused the layout: a field was out of place or missing something.',
  LAYOUT_COMPLETED: 'The layout was already completed and can no longer be changed.',
  TEMPLATE_ARCHIVED: 'The template was archived.',
  TEMPLATE_NOT_ALLOWED: 'The template is not allowed for this app.',
  TEMPLATE_NOT_FOUND: 'The template could not be found.',
  WORKFLOW_ARCHIVED: 'The workflow was archived.',
  CATEGORY_ARCHIVED: 'The category was archived.',
  CATEGORY_NAME_TAKEN: 'Another category already has that name.',
  REQUEST_FORM_ARCHIVED: 'The request form was archived.',
  EXTERNAL_ID_TAKEN: 'Another request already has that external id.',
  NOT_IN_REVISION: 'The request was no longer waiting for a revision.',
  INVALID_PDF: 'The file is not a PDF the Signing API can read.',
  PDF_ENCRYPTED: 'The PDF is password-protected, which the Signing API does not accept.',
  PER_DOCUMENT_SIGNING_UNSUPPORTED: 'The workflow does not accept signers per document.',
  UNSUPPORTED_RUNTIME: 'The Signing API cannot run this workflow.',
  NOT_A_SIGNATURE_TARGET: 'The document was not uploaded as a signature target.',
  LAYOUT_NOT_COMPLETED: 'The document’s layout is not completed yet.',
  LAYOUT_HAS_NO_SIGNER: 'The layout has no field for a signer.',
  TOO_MANY_SIGNER_SLOTS: 'The layout has more signers than a package takes.',
  // Receipts (preview tokens) and reviews.
  PREVIEW_UNUSABLE: 'The preview’s receipt could no longer be used: it had lapsed or was already spent.',
  PREVIEW_EXPIRED: 'The preview’s receipt had lapsed before Send.',
  PREVIEW_CONSUMED: 'The preview’s receipt was already spent on a package.',
  PREVIEW_NOT_FOUND: 'The Signing API did not know the preview’s receipt.',
  PREVIEW_TEMPLATE_MISMATCH: 'The preview was made with another template.',
  RECEIPT_NOT_CURRENT: 'A newer preview had replaced the one sent.',
  RECEIPT_BELONGS_TO_BATCH: 'The receipt belongs to a row of a bulk-send batch and is sent from there.',
  REVIEW_INCOMPLETE: 'Not every page and section of the preview had been seen.',
  REVIEW_EVIDENCE_INVALID: 'The record of what was seen could not be kept.',
  REVIEW_OUTDATED: 'The review was of an earlier preview.',
  KEY_STILL_RUNNING: 'An earlier attempt of the same action was still running.',
  IDEMPOTENCY_IN_PROGRESS: 'An earlier attempt of the same action was still running.',
  IDEMPOTENCY_KEY_REUSED: 'The request was taken for a different action.',
  // Bulk sends.
  ROW_NOT_REVIEWED: 'The row had not been reviewed.',
  ROW_NOT_REVIEWABLE: 'The row could not be reviewed in the state it was in.',
  ROW_NOT_PREVIEWABLE: 'The row could not be previewed in the state it was in.',
  ROW_ALREADY_SENT: 'The row had already been sent.',
  ROW_SEND_IN_FLIGHT: 'The row was already being sent.',
  BATCH_PAUSED: 'The batch was paused.',
  BATCH_CANCELLED: 'The batch was cancelled.',
  BATCH_LIMIT_REACHED: 'You already had as many bulk-send batches as one person may keep.',
  BATCH_NOT_SETTLED: 'The batch still had rows to send.',
  // The recipient book.
  RECIPIENT_CHANGED: 'Someone changed the recipient after you opened it, so your edit was not saved.',
  RECIPIENT_NOT_FOUND: 'The recipient was no longer in the book.',
  RECIPIENT_EMAIL_TAKEN: 'Another recipient in the book already has that address.',
  RECIPIENT_IMPORT_INVALID: 'The file had problems (each is named by row and column), so nothing was imported.',
  RECIPIENT_IMPORT_CONFLICTS: 'The file would have overwritten recipients you had not agreed to change, so nothing was imported.',
  // The console's own refusals.
  VALIDATION_FAILED: 'Something in what was entered was not accepted.',
  DRAFT_DELETED: 'The draft had been deleted.',
  TOO_MANY_VIEWS: 'You already had as many saved views as one person may keep.',
  VIEW_NAME_TAKEN: 'You already had a saved view of that name with other filters.',
  EMAIL_TAKEN: 'Another account already has that address.',
  SELF_LOCKOUT: 'You cannot take away your own administration rights or access.',
  SELF_RESET: 'Your own password is changed elsewhere.',
  PROVIDER_ACCOUNT: 'The account comes from the identity provider, which manages it.',
  FILE_TOO_LARGE: 'The file was larger than an upload may be.',
  PAYLOAD_TOO_LARGE: 'What was sent was larger than the console takes.',
  UNSUPPORTED_MEDIA_TYPE: 'The file was not of a kind the console takes.',
  TOO_MANY_UPLOADS: 'You had too many uploads going at once.',
  UPLOAD_SLOTS_BUSY: 'The console had too many uploads going at once.',
  NOT_FOUND: 'It could not be found any more: someone may have deleted it.',
  FORBIDDEN: 'Your role does not allow it.',
  UPSTREAM_CREDENTIALS_REJECTED: 'The Signing API refused the console’s key.',
  RATE_LIMITED: 'The Signing API was too busy to take it.',
};

function byStatus(status: number): string {
  if (status === 404) return 'It could not be found any more: someone may have deleted it.';
  if (status === 409) return 'It had changed since it was read, or was in use, so the change was not made.';
  if (status === 403) return 'It was not allowed.';
  if (status === 400 || status === 422) return 'The Signing API did not accept what was sent.';
  if (status === 429 || status >= 500) return 'The Signing API could not take it just then.';
  return 'It was refused.';
}

/** What went wrong, as one sentence: the code's own words, else what its HTTP status means. */
export function failureWords(code: string | null, status: number): string {
  return (code !== null && Object.hasOwn(BY_CODE, code) ? BY_CODE[code] : undefined) ?? byStatus(status);
}

/** The codes with words of their own (the unit holds every one to a sentence). */
export const WORDED_CODES = Object.keys(BY_CODE);
