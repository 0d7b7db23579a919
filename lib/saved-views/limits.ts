// Zod-free, for the pages: what a saved view may hold.

/** How many views one user keeps: home lists them all. */
export const SAVED_VIEWS_MAX = 20;
export const VIEW_NAME_MAX = 60;
