import 'server-only';
import type { Generated } from 'kysely';
import type { AuditRow } from '@/lib/admin/schemas';

// Portable column types: text ids and ISO timestamps, integers for flags, so one set of
// migrations and queries serves SQLite and PostgreSQL alike.
export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  /** comma-separated roles */
  roles: string;
  disabled: number;
  session_version: number;
  created_at: string;
  updated_at: string;
}

export interface SignInThrottleTable {
  /** `account:<email>` or `address:<ip>` */
  key: string;
  /** attempts since window_start (epoch ms); a window older than its length starts again */
  attempts: number;
  window_start: number | string;
  /** epoch ms from which the next attempt may run; PostgreSQL answers bigint as a string */
  next_at: number | string;
}

// The audit route returns the stored row unchanged, so the columns are the API's entry;
// only the id is the database's to number.
export type AuditLogTable = Omit<AuditRow, 'id'> & { id: Generated<number> };

export interface EditorSessionsTable {
  document_id: string;
  /** the hosted-editor session id, sealed with the session password */
  sealed_session: string;
  expires_at: string;
  created_by: string;
  created_at: string;
}

export type IntentState = 'pending' | 'succeeded' | 'failed' | 'unknown';

export interface IntentJournalTable {
  id: string;
  user_id: string;
  operation: string;
  idempotency_key: string;
  /** sha256 of the operation's params and body: the same key with another body is refused */
  fingerprint: string;
  /** what the browser sent, so the same request can be sent again with the same key */
  method: string;
  path: string;
  /** the JSON body; null for uploads, whose file the console never keeps */
  body: string | null;
  state: IntentState;
  status: number | null;
  result_id: string | null;
  error_code: string | null;
  created_at: string;
  updated_at: string;
}

export interface DraftsTable {
  id: string;
  user_id: string;
  /** whose draft this is: 'package' (the send form) or 'request' (a new approval request) */
  kind: string;
  /** the template or workflow it was typed for */
  subject_id: string;
  /** its name as the user saw it, for the list (drafts never call the API) */
  subject_name: string | null;
  /** derived from the values on every save: what tells drafts of one subject apart */
  label: string;
  /** JSON of the form as typed; need not be valid */
  form_values: string;
  /** optimistic concurrency: every save names the version it was based on */
  version: number;
  /** the Idempotency-Key of the create, so a repeated Save draft makes one draft */
  create_key: string | null;
  create_fingerprint: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  sign_in_throttle: SignInThrottleTable;
  intent_journal: IntentJournalTable;
  audit_log: AuditLogTable;
  editor_sessions: EditorSessionsTable;
  drafts: DraftsTable;
}
