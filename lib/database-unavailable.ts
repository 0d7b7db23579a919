// The console's own database out of reach, in one wording wherever it is told: the 503 of
// every route (server/http/respond.ts) and the page a server component could not render
// (app/error.tsx, which recognises it by the digest server/auth/page-access.ts gives it).
export const DATABASE_UNAVAILABLE = 'DATABASE_UNAVAILABLE';

/** Seconds a client is asked to wait before trying again. */
export const DATABASE_RETRY_AFTER_S = 5;

export const DATABASE_UNAVAILABLE_MESSAGE =
  "The console's database is unavailable right now. Try again in a few seconds; if it lasts, tell an administrator.";
