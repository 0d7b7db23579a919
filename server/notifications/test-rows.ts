import 'server-only';
import type { Insertable } from 'kysely';
import type { SendRecordsTable, UsersTable } from '../db/schema';

/** A person as the notification tests put one in their database (a local account). */
export const userRow = (id: string, at: string, over: Partial<Insertable<UsersTable>> = {}): Insertable<UsersTable> => ({
  id,
  email: `${id}@example.com`,
  name: id,
  password_hash: 'x',
  roles: 'sender',
  disabled: 0,
  session_version: 1,
  created_at: at,
  updated_at: at,
  oidc_subject: null,
  last_sign_in_at: null,
  ...over,
});

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
