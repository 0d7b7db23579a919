// Outside lib/approval-requests/schemas.ts (zod) so that the request form's browser code can hold to
// the same bounds without bringing zod into the first load; the schema module re-exports them.
export const EXTERNAL_ID = /^[A-Za-z0-9._:-]{3,120}$/;
/** A document's signers (the form's picker and the console route hold to the same bounds). */
export const MAX_ACTOR_IDS = 50;
export const MAX_ACTOR_ID_LENGTH = 120;
export const MAX_DOCUMENT_NAME = 200;
