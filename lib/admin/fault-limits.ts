// Outside lib/admin/schemas.ts (zod) so that the sandbox panel's fault form can show the
// bounds without bringing zod into its first load; the schema module re-exports them.

/** Longer than the console's own upstream timeout is pointless: 30 s shows a timeout already. */
export const MAX_FAULT_DELAY_MS = 30_000;

export const DROP_NEEDS_AFTER_COMMIT = 'Dropping the answer needs "After commit": before the call there is no answer to drop';
export const DROP_EXCLUDES_STATUS = 'A dropped answer has no status: leave Status blank, or untick "Drop the answer"';

/** The methods a fault rule can match ('*' is any). */
export const FAULT_METHODS = ['*', 'GET', 'POST', 'PATCH', 'DELETE'] as const;
