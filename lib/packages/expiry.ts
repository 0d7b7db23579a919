import { formatDate } from '@/lib/format';
import { previewInputSchema } from '@/lib/packages/schemas';

// How long signers have. The API makes `expires_in_days` mandatory and so does the form: no
// length is filled in for the sender, who picks a common one or types their own.

/** Common lengths offered as one-click choices. */
export const EXPIRY_QUICK_PICKS = [7, 14, 30, 90] as const;
export const EXPIRY_REQUIRED = 'Choose how long signers have to sign';
const DAY_MS = 86_400_000;
const DIGITS = /^\d{1,9}$/;
const expiresInDays = previewInputSchema.shape.expires_in_days;

/** What is wrong with the typed number of days, in the request schema's words; null when it will do. */
export function expiryProblem(text: string): string | null {
  const t = text.trim();
  if (t === '') return EXPIRY_REQUIRED;
  // Only digits: "1e1" or "14.0" are numbers to the browser but not days the sender meant.
  if (!DIGITS.test(t)) return 'Enter whole days, from 1 to 365';
  const checked = expiresInDays.safeParse(Number(t));
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Enter whole days, from 1 to 365');
}

/** The number of days the text stands for, or null while it is not a valid choice. */
export function expiryDays(text: string): number | null {
  return expiryProblem(text) === null ? Number(text.trim()) : null;
}

/** "If sent now: until about …" for valid days; the package's clock starts at the send, so it is approximate. */
export function untilAbout(text: string, now: number): string | null {
  const days = expiryDays(text);
  return days === null ? null : formatDate(new Date(now + days * DAY_MS).toISOString());
}
