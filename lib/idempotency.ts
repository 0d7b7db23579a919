// One key per user intent (DESIGN.md section 6): made when the user acts, reused by every
// retry of that same action, dropped once the action has an outcome.
export const IDEMPOTENCY_KEY_PATTERN = /^[!-~]{8,160}$/;

export function newIdempotencyKey(prefix = 'sd'): string {
  return `${prefix}-${crypto.randomUUID()}`;
}
