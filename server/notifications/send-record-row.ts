import 'server-only';
import type { Insertable } from 'kysely';
import type { SendRecordsTable } from '../db/schema';

/**
 * A sending record of a package `userId` sent at `at` from this console, as the notification
 * tests put one in their database: who is told of the package is read from it.
 */
export const sendRecordRow = (
  packageId: string,
  userId: string,
  at: Date,
  over: Partial<Insertable<SendRecordsTable>> = {},
): Insertable<SendRecordsTable> => ({
  id: `snd_${packageId}`,
  user_id: userId,
  receipt_hash: `h_${packageId}`,
  template_id: 'dst_nda',
  template_name: 'NDA',
  reference: null,
  sender_values: '{}',
  signers: '[]',
  expires_in_days: 14,
  pdf_sha256: null,
  page_count: null,
  previewed_at: at.toISOString(),
  search_text: '',
  idempotency_key: null,
  package_id: packageId,
  sent_status: 'queued',
  request_id: null,
  sent_at: at.toISOString(),
  review: null,
  confirmed_by: userId,
  template_version_id: null,
  template_version_number: null,
  field_labels: null,
  team_id: null,
  ...over,
});
