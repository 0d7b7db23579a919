// The recipient book's refusals, named once for the routes and the pages (zod-free).

/** The entry is gone: deleted by someone, or never there. A deletion counts it as done. */
export const RECIPIENT_NOT_FOUND = 'RECIPIENT_NOT_FOUND';
/** Someone changed the entry after the page read it; the details carry what it holds now. */
export const RECIPIENT_CHANGED = 'RECIPIENT_CHANGED';
/** Another entry already has the address an edit gives. */
export const RECIPIENT_EMAIL_TAKEN = 'RECIPIENT_EMAIL_TAKEN';
/** The file had problems, each in the details with its row and column; nothing was imported. */
export const RECIPIENT_IMPORT_INVALID = 'RECIPIENT_IMPORT_INVALID';
/** The file would change entries of the book the importer has not agreed to overwrite (at their version); nothing was imported. */
export const RECIPIENT_IMPORT_CONFLICTS = 'RECIPIENT_IMPORT_CONFLICTS';
