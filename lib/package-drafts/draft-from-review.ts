import type { ReviewStart } from '../packages/schemas.ts';
import type { CreateDraftInput } from './schemas.ts';

/** A preview of the user's own as the send form's start: the same template, values, recipients, expiry and reference. */
export function draftFromReview(review: ReviewStart): CreateDraftInput {
  return {
    template_id: review.template_id,
    ...(review.template_name ? { template_name: review.template_name } : {}),
    values: {
      sender_values: Object.fromEntries(Object.entries(review.sender_values).map(([k, v]) => [k, String(v)])),
      signers: review.signers.map(({ slot_id, name, email, phone }) => ({ slot_id, name, email, phone })),
      expires_in_days: String(review.expires_in_days),
      ...(review.reference ? { reference: review.reference } : {}),
    },
  };
}
