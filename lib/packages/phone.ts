// Outside lib/packages/schemas.ts (zod) so that the send form can show what will be sent as
// the sender types, without bringing zod into the first load.

/**
 * A phone number as people write it, in the E.164 form the API takes: spaces, dashes, dots,
 * slashes and parentheses go, and a leading 00 becomes +. "+49 151 1234-5678" → "+4915112345678".
 */
export function normalisePhone(typed: string): string {
  const compact = typed.trim().replace(/[\s\-./()\u00a0]/g, '');
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
}

export const E164 = /^\+[1-9]\d{7,14}$/;
