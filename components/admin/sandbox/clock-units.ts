// Seconds per unit, shared by the clock card and its lazily loaded check (sandbox-resolvers.ts),
// which holds zod.
export const MINUTE = 60;
export const HOUR = 3600;
export const DAY = 86_400;
/** The custom advance's units, in seconds. */
export const UNITS = { minutes: MINUTE, hours: HOUR, days: DAY } as const;
