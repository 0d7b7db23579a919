// Refusals of an upload attempt before any of it reached the API, or before the API took any
// of it: definite for that attempt, so the intent journal settles it as failed, not as an
// answer lost (server/intents/journal.ts). They say nothing of an earlier attempt under the
// same key, whose outcome stays what it was.

/** The API's own: its upload capacity is exhausted (spec section 7). */
export const UPLOAD_BUSY = 'UPLOAD_BUSY';
/** The console's: this user already has as many uploads in flight as one may. */
export const TOO_MANY_UPLOADS = 'TOO_MANY_UPLOADS';
/** The console's: this instance is receiving or sending as many uploads as it may. */
export const UPLOAD_SLOTS_BUSY = 'UPLOAD_SLOTS_BUSY';
/** The console's: the browser went before the upload was sent on (its file whole or not). */
export const UPLOAD_INCOMPLETE = 'UPLOAD_INCOMPLETE';
/** The console's: the file did not arrive whole within the time an upload may take. */
export const UPLOAD_TOO_SLOW = 'UPLOAD_TOO_SLOW';

export const UNSENT_REFUSALS: ReadonlySet<string> = new Set([
  UPLOAD_BUSY,
  TOO_MANY_UPLOADS,
  UPLOAD_SLOTS_BUSY,
  UPLOAD_INCOMPLETE,
  UPLOAD_TOO_SLOW,
]);
