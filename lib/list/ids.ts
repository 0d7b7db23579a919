// The identifier rule of lib/list/schemas.ts's idSchema, without zod, for pages that check an
// id from their address before asking for it and must not bring zod into their first load.
export const ID_PATTERN = /^[A-Za-z0-9_.:@-]{1,128}$/;
/** `.` and `..` stay dot segments through encodeURIComponent: never an id. */
export const ONLY_DOTS = /^\.+$/;

/** Whether `id` may name a record in a console path: the pattern, and never only dots. */
export const isId = (id: string) => ID_PATTERN.test(id) && !ONLY_DOTS.test(id);
