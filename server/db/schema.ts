import 'server-only';
import type { Generated } from 'kysely';
import type { AuditRow } from '@/lib/admin/schemas';
import type { RecipientSource } from '@/lib/recipients/limits';

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
  /** 'local' (a password set in Signdesk) or 'oidc' (made and kept by the identity provider's sign-ins) */
  origin: Generated<string>;
  /** `issuer|sub` of a provider account: what it is found by at the next sign-in */
  oidc_subject: string | null;
  last_sign_in_at: string | null;
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

/**
 * What the console sent (DESIGN.md: the API has no subject and may not search recipients):
 * written when a preview is made, completed when its package is sent. The sender's side of
 * the evidence; never sent anywhere.
 */
export interface SendRecordsTable {
  id: string;
  /** who previewed it (and later confirmed it) */
  user_id: string;
  /** sha256 of the preview receipt, so the send finds its preview without keeping the token */
  receipt_hash: string;
  template_id: string;
  template_name: string | null;
  /** the sender's own reference, typed in the console; the API never sees it */
  reference: string | null;
  /** JSON: the values and signers as the preview sent them */
  sender_values: string;
  signers: string;
  expires_in_days: number;
  /** the populated PDF the sender reviewed */
  pdf_sha256: string | null;
  page_count: number | null;
  previewed_at: string;
  /** lower-cased reference, template name, recipients and values: what the console's search reads */
  search_text: string;
  idempotency_key: string | null;
  package_id: string | null;
  /** the package's status in the API's answer to the send, and that answer's request id */
  sent_status: string | null;
  request_id: string | null;
  sent_at: string | null;
  /** JSON (reviewEvidenceSchema): the pages and summary sections the sender saw, and when Send was confirmed */
  review: string | null;
  /** the user whose Send made the package */
  confirmed_by: string | null;
  /** the template version the preview froze (its id and number, where the API said) */
  template_version_id: string | null;
  template_version_number: number | null;
  /** JSON [{key, label}]: the template's sender fields when previewed, so values are shown by label */
  field_labels: string | null;
  /** the team it was sent for (0022); null: made before teams, seen by admins only once teams exist */
  team_id: string | null;
}

/** Each user's visits to home, so "finished since you last looked" works across devices and instances. */
/** A filtered list a user named, shown on their home (server/saved-views/). */
export interface SavedViewsTable {
  id: string;
  user_id: string;
  /** which list: packages or approvals */
  list: string;
  name: string;
  /** the list's filters as its URL holds them, normalised (lib/saved-views/schemas.ts) */
  query: string;
  created_at: string;
  /** the team it is shared with (0022); null: personal */
  team_id: string | null;
}

export interface HomeVisitsTable {
  user_id: string;
  /** when the latest visit began */
  seen_at: string;
  /** when the visit before it began: what "since you last looked" means; null before a second visit */
  previous_seen_at: string | null;
}

/** What a user put aside on home ("Went wrong"): theirs alone, by the row's key (`audit:<id>`). */
export interface HomeDismissalsTable {
  user_id: string;
  item_key: string;
  dismissed_at: string;
}

/**
 * The recipient book (server/recipients/): one entry per address the team sent to or imported,
 * with the values last typed for it. It suggests; it never sends anything.
 */
export interface RecipientsTable {
  id: string;
  /** as typed */
  email: string;
  /** the address lower-cased: one entry per address, unique */
  email_key: string;
  name: string;
  /** E.164, as it was sent; null when an import gave none */
  phone: string | null;
  /** lower-cased name and address: what the book's search reads */
  search_text: string;
  /** the user whose send or import put it in the book */
  added_by: string | null;
  /** where its current values came from */
  source: RecipientSource;
  /** the sends it was a recipient of, and the latest */
  use_count: number;
  last_used_at: string | null;
  /** raised by every change of its values (an edit, a send or an import typing them otherwise), never by a use */
  version: number;
  created_at: string;
  updated_at: string;
  /** whose book it is in (0022); null: the book of no team (before teams, or a sender in none) */
  team_id: string | null;
}

export type BulkBatchState = 'open' | 'paused' | 'cancelled';
export type BulkRowState = 'to_review' | 'reviewed' | 'sending' | 'sent' | 'failed' | 'cancelled' | 'skipped';

/** A batch of packages from one spreadsheet (server/bulk/): one user's, one template's. */
export interface BulkBatchesTable {
  id: string;
  user_id: string;
  template_id: string;
  /** the template's name when the batch was made (the list never calls the API) */
  template_name: string;
  /** the file's name or what the sender called it */
  name: string;
  /** paused: no row starts a send; cancelled: rows not yet sending never will */
  state: BulkBatchState;
  row_count: number;
  /** the Idempotency-Key of the create and what it made, so a repeated create makes one batch */
  create_key: string;
  create_fingerprint: string;
  created_at: string;
  updated_at: string;
  /** moved on by every change of the batch's rows: the batch page's cursor (0016) */
  change_seq: number;
  /** the team it was made for (0022), and so each of its packages */
  team_id: string | null;
}

/** One row of a batch: the package it becomes, its review and its send. */
export interface BulkRowsTable {
  batch_id: string;
  /** 0-based order in the batch */
  position: number;
  /** its row in the spreadsheet, as the sender knows it */
  line: number;
  /** JSON (previewInputSchema's output): the preview body, checked when the batch was made */
  input: string;
  state: BulkRowState;
  /** sha256 of the row's latest receipt: a send must present it */
  receipt_hash: string | null;
  /** the receipt the sender reviewed, and its populated PDF's digest (a new receipt with the same digest keeps the review) */
  reviewed_receipt_hash: string | null;
  pdf_sha256: string | null;
  /** JSON (reviewEvidenceSchema): what the sender saw */
  review: string | null;
  reviewed_at: string | null;
  /** the Idempotency-Key of the row's send under way or done; a new one only after a definite refusal */
  send_key: string | null;
  package_id: string | null;
  error_code: string | null;
  error_message: string | null;
  sent_at: string | null;
  updated_at: string;
  /** the batch's change_seq at this row's latest change */
  change_seq: number;
  /** the confirmed receipt, sealed (server/auth/session-keys.ts): the server sends it (0020) */
  sealed_receipt: string | null;
  /** when that receipt ends, on the API's clock: a row not sent by then is to be reviewed again */
  receipt_expires_at: string | null;
}

/** Every receipt made for a bulk row: such a receipt is sent only through its row (0016). */
export interface BulkRowReceiptsTable {
  receipt_hash: string;
  batch_id: string;
  position: number;
  created_at: string;
}

/** The embedded default's background work (server/jobs/sqlite-queue.ts); PostgreSQL uses pg-boss's own tables. */
export interface BackgroundJobsTable {
  id: string;
  queue: string;
  /** JSON */
  data: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'failed' | 'cancelled';
  singleton_key: string | null;
  singleton_slot: string | null;
  retries: number;
  retry_limit: number;
  start_after: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  error: string | null;
}

/** A package or approval request the watcher follows (server/watcher/), as it last saw it. */
export interface WatchedRecordsTable {
  kind: 'package' | 'approval_request';
  id: string;
  /** null while only known (the console sent it) and not yet seen in an answer */
  last_status: string | null;
  /** the API's time of that status */
  last_seen_at: string | null;
  /** 1 once in a status that is not open: no longer read */
  finished: number;
  /** the sweep that last listed it: an open record a whole sweep missed is read on its own */
  seen_sweep: string | null;
  first_seen_at: string;
  updated_at: string;
  /** a package's expires_at, a request's SLA due_at, as last answered (null: none, or not seen since 0026) */
  due_at: string | null;
}

/** Each change of status the watcher saw, at the API's time (`at`) and when it was recorded. */
export interface StatusHistoryTable {
  kind: 'package' | 'approval_request';
  id: string;
  /** null for the first status the console saw */
  from_status: string | null;
  to_status: string;
  at: string;
  recorded_at: string;
}

/** Where the watcher's sweep stands, so a run that spent its share goes on at the next run. */
export interface WatcherCursorTable {
  name: string;
  sweep: string;
  /** JSON (server/watcher/cursor.ts) */
  position: string;
  updated_at: string;
  /** when a run last ended a sweep (the console's time); null before the first (0023) */
  swept_at: string | null;
}

/** A team (server/teams/): which of the console's records its members see. */
export interface TeamsTable {
  id: string;
  name: string;
  /** the name lower-cased and trimmed: unique among active teams */
  name_key: string;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Who belongs to a team, and where that came from: an admin's hand, or the identity provider's groups. */
export interface TeamMembersTable {
  team_id: string;
  user_id: string;
  source: 'manual' | 'provider';
  added_at: string;
}

/** What a notification is about: a record, an action whose answer was lost, or the console itself (admins' alerts). */
export type NotificationSubject = 'package' | 'approval_request' | 'bulk_batch' | 'intent' | 'console';

/** What a person is told (issue 37, server/notifications/): one row per event and person. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  /** NotificationKind (server/notifications/kinds.ts) */
  kind: string;
  subject_type: NotificationSubject;
  subject_id: string;
  title: string;
  body: string;
  /** the console page it links to, a path (the e-mail prefixes CONSOLE_PUBLIC_URL) */
  href: string;
  created_at: string;
  read_at: string | null;
  /** what happened, once: unique with user_id, so an event is told to a person once */
  event_key: string;
  /** 0: kept for its e-mail alone (the person turned the console's channel off for its kind) */
  in_console: Generated<number>;
}

/** 'digest': waits for the person's daily digest (server/notifications/digest.ts); 'dropped': its kind was turned off before the digest went */
export type DeliveryState = 'pending' | 'sending' | 'sent' | 'failed' | 'digest' | 'dropped';

/** A notification's delivery by a channel (e-mail only so far): claimed before sending, sent once. */
export interface NotificationDeliveriesTable {
  notification_id: string;
  channel: 'email';
  state: DeliveryState;
  attempts: number;
  last_error: string | null;
  /** while 'sending': after this the claim is taken as lost (its instance died) and the row may be claimed again */
  claimed_until: string | null;
  /** not tried again before this (the backoff after a failure) */
  next_attempt_at: string;
  sent_at: string | null;
  created_at: string;
  /** the local date of the digest that carried it (state 'digest' until then) */
  digest_date: Generated<string | null>;
}

export type NotificationDelivery = 'now' | 'digest' | 'off';
export type NotificationChannel = 'console' | 'email';

/** A person's choice for one kind and channel; no row: the default (server/notifications/preferences.ts). */
export interface NotificationPreferencesTable {
  user_id: string;
  kind: string;
  channel: NotificationChannel;
  delivery: NotificationDelivery;
  /** moves on at every change: an unsubscribe link names the version it was made for */
  version: number;
  updated_at: string;
}

/** A person's digest hour and time zone; no row: 08:00 UTC. */
export interface NotificationSettingsTable {
  user_id: string;
  digest_hour: number;
  /** an IANA time zone */
  time_zone: string;
  /** moves on when the digest as a whole is unsubscribed from */
  digest_version: Generated<number>;
  updated_at: string;
}

/** One digest per person and local day, claimed before it is sent. */
export interface NotificationDigestsTable {
  user_id: string;
  local_date: string;
  state: 'sending' | 'sent' | 'pending' | 'failed';
  attempts: number;
  items: number;
  last_error: string | null;
  claimed_until: string | null;
  next_attempt_at: string;
  sent_at: string | null;
  created_at: string;
}

/** Where turning events into notifications stands (server/notifications/notify.ts). */
export interface NotificationCursorTable {
  name: string;
  /** ISO time: events recorded since (less an overlap) are looked at by the next run */
  position: string;
  updated_at: string;
}

/** An approval request the console submitted (0028), and the team it was submitted for. */
export interface ApprovalSubmissionsTable {
  request_id: string;
  /** who submitted it from the console */
  user_id: string;
  /** null: submitted by someone in no team (or before teams): seen by admins only once teams exist */
  team_id: string | null;
  workflow_id: string;
  workflow_name: string | null;
  submitted_at: string;
  /**
   * (0035) the admin who gave a request made by other means to a team: the console noted it then,
   * and `user_id` is that admin, never a submitter; null for what the console submitted
   */
  assigned_by: Generated<string | null>;
}

/**
 * One visit of an approval layer by a request (0033), as the watcher last read the request's
 * visited steps; `due_at` is the SLA deadline the API gave while the layer was current (null:
 * the watcher never saw it so). Times are the API's, ISO 8601; null where it told none.
 */
export interface ApprovalLayerVisitsTable {
  request_id: string;
  /** 0-based, in the order the API lists the visited steps */
  visit: number;
  layer: number | null;
  name: string | null;
  entered_at: string | null;
  decided_at: string | null;
  decision: string | null;
  due_at: string | null;
  updated_at: string;
  /** (0036) decided_at less entered_at, ms, kept by the database (server/db/request-facts-sql.ts); never written */
  took_ms: Generated<number | string | null>;
}

/** A document the console uploaded (0029), and the team it was uploaded for. */
export interface DocumentUploadsTable {
  document_id: string;
  user_id: string;
  /** null: uploaded by someone in no team (or before teams): seen by admins only once teams exist */
  team_id: string | null;
  uploaded_at: string;
  /** (0035) as approval_submissions.assigned_by: a document uploaded by other means, noted when assigned */
  assigned_by: Generated<string | null>;
}

/**
 * A package sent by other means (no send record) that an admin gave to a team (0037): the team
 * it belongs to. A package the console sent has its team on its send record, never here.
 */
export interface PackageTeamsTable {
  package_id: string;
  team_id: string;
  /** the admin who gave it to the team */
  assigned_by: string;
  assigned_at: string;
}

/**
 * What the insights figures count a package by (0032), one row per package the console sent or
 * the watcher saw; written by triggers on send_records, watched_records and status_history (and,
 * from 0037, package_teams) (server/db/package-facts-sql.ts), never by the console's code.
 */
export interface PackageFactsTable {
  package_id: string;
  /** 1: a send record holds it; 0: the watcher found it, sent by other means */
  from_console: number;
  /** the send's (null: not sent from here) */
  sent_at: string | null;
  /** the send record's; where none holds the package, package_teams' (0037) */
  team_id: string | null;
  template_id: string | null;
  template_name: string | null;
  user_id: string | null;
  /** as the watcher last saw it; null: not seen yet */
  status: string | null;
  /** the API's time of the first status the watcher recorded */
  first_seen_at: string | null;
  /** the first completion less the first queued (else the send), ms; null: not completed (or not timed) */
  to_complete_ms: number | string | null;
}

/**
 * What the approval figures count a request by (0036), one row per request the watcher saw
 * change; written by triggers on status_history and approval_submissions
 * (server/db/request-facts-sql.ts), never by the console's code.
 */
export interface RequestFactsTable {
  request_id: string;
  /** the API's time of its first IN_PROGRESS the watcher recorded; null: not seen submitted */
  submitted_at: string | null;
  /** the API's time of its first status past the open ones */
  decided_at: string | null;
  decision: string | null;
  /** how often it was sent back (NEEDS_REVISION recorded) */
  revisions: number;
  /** the first status the watcher saw: DRAFT or IN_PROGRESS unless it was first seen later */
  first_status: string | null;
  /** decided_at less submitted_at, ms; null: undecided (or not timed) */
  to_decision_ms: number | string | null;
  /** 1: the console noted its submission (approval_submissions), whose columns follow */
  noted: number;
  team_id: string | null;
  workflow_id: string | null;
  workflow_name: string | null;
  user_id: string | null;
  assigned_by: string | null;
}

export interface Database {
  package_facts: PackageFactsTable;
  request_facts: RequestFactsTable;
  package_teams: PackageTeamsTable;
  document_uploads: DocumentUploadsTable;
  approval_submissions: ApprovalSubmissionsTable;
  approval_layer_visits: ApprovalLayerVisitsTable;
  notifications: NotificationsTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_cursor: NotificationCursorTable;
  notification_preferences: NotificationPreferencesTable;
  notification_settings: NotificationSettingsTable;
  notification_digests: NotificationDigestsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  users: UsersTable;
  sign_in_throttle: SignInThrottleTable;
  intent_journal: IntentJournalTable;
  audit_log: AuditLogTable;
  editor_sessions: EditorSessionsTable;
  drafts: DraftsTable;
  send_records: SendRecordsTable;
  home_visits: HomeVisitsTable;
  home_dismissals: HomeDismissalsTable;
  saved_views: SavedViewsTable;
  recipients: RecipientsTable;
  bulk_batches: BulkBatchesTable;
  bulk_rows: BulkRowsTable;
  bulk_row_receipts: BulkRowReceiptsTable;
  background_jobs: BackgroundJobsTable;
  watched_records: WatchedRecordsTable;
  status_history: StatusHistoryTable;
  watcher_cursor: WatcherCursorTable;
}
