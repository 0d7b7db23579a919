import type { Insertable } from 'kysely';
import type { AuditLogTable, IntentJournalTable } from '@/server/db/schema';

// Rows written straight into a console database by tests that arrange its history (retention,
// metrics): the fields that matter are arguments, the rest plain.

/** An audit entry of `operation` at `at`, by nobody. */
export const auditRow = (at: string, operation: string): Insertable<AuditLogTable> => ({
  at,
  user_id: null,
  user_email: null,
  roles: null,
  operation,
  target_type: null,
  target_id: null,
  outcome: 'success',
  status: 200,
  error_code: null,
  upstream_request_id: null,
  idempotency_key: null,
  reason: null,
  details: null,
  client_address: null,
  instance: 'test',
});

/** A Send's intent `id` in `state`, last touched at `at`. */
export const intentRow = (
  id: string,
  state: IntentJournalTable['state'],
  at = '2026-11-26T12:00:00Z',
): Insertable<IntentJournalTable> => ({
  id,
  user_id: 'usr_1',
  operation: 'package.send',
  idempotency_key: `key-${id}`,
  fingerprint: 'f',
  method: 'POST',
  path: '/api/packages',
  body: null,
  state,
  status: null,
  result_id: null,
  error_code: null,
  created_at: at,
  updated_at: at,
});
