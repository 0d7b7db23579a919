// The console's error codes for drafts (of packages and of approval requests), apart from their
// zod schemas so that the pages that react to them do not bring zod into the browser's first load.
export const DRAFT_CONFLICT = 'DRAFT_VERSION_CONFLICT';
export const DRAFT_NOT_FOUND = 'DRAFT_NOT_FOUND';
/** a new draft past DRAFTS_PER_USER: the user deletes some first */
export const DRAFT_LIMIT_REACHED = 'DRAFT_LIMIT_REACHED';
