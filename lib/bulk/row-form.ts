import type { SendFormValues } from '../packages/send-form.ts';
import type { BulkRow } from './schemas.ts';

/**
 * A batch row's values as the form holds them, for fixing it on the batch's page: numbers and
 * days as text, as they would be typed; dates as the batch keeps them (YYYY-MM-DD), which every
 * locale reads alike.
 */
export function formValuesOfRow(
  row: Pick<BulkRow, 'sender_values' | 'signers' | 'expires_in_days' | 'reference'>,
): SendFormValues {
  return {
    sender_values: Object.fromEntries(Object.entries(row.sender_values).map(([k, v]) => [k, String(v)])),
    signers: row.signers.map(({ slot_id, name, email, phone }) => ({ slot_id, name, email, phone })),
    expires_in_days: String(row.expires_in_days),
    reference: row.reference ?? '',
  };
}
