// Zod-free, for the pages: what the recipient book keeps and what one import takes.

/** Where an entry's current values came from: a send, an import, or an edit on the book's page. */
export const RECIPIENT_SOURCES = ['sent', 'import', 'edit'] as const;
export type RecipientSource = (typeof RECIPIENT_SOURCES)[number];

/** The columns of an import, matched in any order and case ("E-mail" is the form's word for email). */
export const RECIPIENT_COLUMNS = ['name', 'email', 'phone'] as const;
export type RecipientColumn = (typeof RECIPIENT_COLUMNS)[number];

export const RECIPIENT_IMPORT_MAX_ROWS = 1_000;
/** Characters of CSV one import takes: 1,000 rows of the longest names and addresses fit. */
export const RECIPIENT_IMPORT_MAX_CHARS = 500_000;
/** Problems one answer lists; the rest are counted, so a wrong file does not make a huge answer. */
export const RECIPIENT_IMPORT_MAX_PROBLEMS = 200;
