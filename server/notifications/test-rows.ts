import 'server-only';
import type { Insertable } from 'kysely';
import type { BulkBatchesTable, BulkRowsTable, BulkRowState, SendRecordsTable, UsersTable } from '../db/schema';

// Rows as the tests that write straight into the console's tables put them there: every
// column a row needs, with what a test does not care about filled the same way everywhere.

/** A person as the tests put one in their database (a local account). */
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

/** A batch `userId` made at `at`, open, of no team, as the tests put one in their database. */
export const batchRow = (
  id: string,
  userId: string,
  at: string,
  over: Partial<Insertable<BulkBatchesTable>> = {},
): Insertable<BulkBatchesTable> => ({
  id,
  user_id: userId,
  template_id: 'dst_nda',
  template_name: 'NDA',
  name: id,
  state: 'open',
  row_count: 0,
  create_key: 'k',
  create_fingerprint: 'f',
  created_at: at,
  updated_at: at,
  change_seq: 0,
  team_id: null,
  ...over,
});

/** Row `position` of batch `batchId` in `state`, as the tests put one in their database. */
export const bulkRowRow = (
  batchId: string,
  position: number,
  state: BulkRowState,
  at: string,
  over: Partial<Insertable<BulkRowsTable>> = {},
): Insertable<BulkRowsTable> => ({
  batch_id: batchId,
  position,
  line: position + 2,
  input: '{}',
  state,
  receipt_hash: null,
  reviewed_receipt_hash: null,
  pdf_sha256: null,
  review: null,
  reviewed_at: null,
  send_key: null,
  package_id: null,
  error_code: null,
  error_message: null,
  sent_at: null,
  updated_at: at,
  change_seq: position,
  sealed_receipt: null,
  receipt_expires_at: null,
  ...over,
});
