import type { SignTemplate } from '../catalog/schemas.ts';
import { blankValues, type SendFormValues } from '../packages/send-form.ts';
import type { BulkRow } from './schemas.ts';

/**
 * A batch row's values as the form holds them, for fixing it on the batch's page: every field
 * and slot of the template (an optional value the row left blank is kept as none, so it is
 * blank here), numbers and days as text, as they would be typed; dates as the batch keeps them
 * (YYYY-MM-DD), which every locale reads alike.
 */
export function formValuesOfRow(
  template: SignTemplate,
  row: Pick<BulkRow, 'sender_values' | 'signers' | 'expires_in_days' | 'reference'>,
): SendFormValues {
  const blank = blankValues(template);
  const given = new Map(row.signers.map((s) => [s.slot_id, s]));
  return {
    sender_values: {
      ...blank.sender_values,
      ...Object.fromEntries(Object.entries(row.sender_values).map(([k, v]) => [k, String(v)])),
    },
    signers: blank.signers.map((slot) => {
      const s = given.get(slot.slot_id);
      return s ? { slot_id: s.slot_id, name: s.name, email: s.email, phone: s.phone } : slot;
    }),
    expires_in_days: String(row.expires_in_days),
    reference: row.reference ?? '',
  };
}
