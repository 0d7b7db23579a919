import type { Route } from 'next';

// Where a draft is resumed: its form, started from it. One place builds (and encodes) them.
export const packageDraftPath = (id: string) => `/packages/new?draft=${encodeURIComponent(id)}` as Route;
export const requestDraftPath = (id: string) => `/approvals/new?draft=${encodeURIComponent(id)}` as Route;
/** A preview of the user's, its values in the send form again (home's "review lapsing"). */
export const reviewPath = (id: string) => `/packages/new?review=${encodeURIComponent(id)}` as Route;
