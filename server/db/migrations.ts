import 'server-only';
import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import { installPackageFacts, takeTeamsFromPackageTeams } from './package-facts-sql';
import { installRequestFacts } from './request-facts-sql';

// The columns a draft row has carried since 0004: 0006 copies package drafts into the shared
// table column for column, so both must spell them the same way.
function withDraftBody<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('form_values', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('create_key', 'text')
    .addColumn('create_fingerprint', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull());
}

// One migration set for both dialects: portable types only, except the audit log's
// auto-numbered id, which each dialect spells its own way.
export const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<unknown>) {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('roles', 'text', (c) => c.notNull())
        .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sign_in_attempts')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_started_at', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .execute();
      await db.schema
        .createTable('audit_log')
        .addColumn('id', postgres ? 'serial' : 'integer', (c) => c.primaryKey())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('user_email', 'text')
        .addColumn('roles', 'text')
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text')
        .addColumn('target_id', 'text')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('error_code', 'text')
        .addColumn('upstream_request_id', 'text')
        .addColumn('idempotency_key', 'text')
        .addColumn('reason', 'text')
        .addColumn('details', 'text')
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
      await db.schema.createIndex('audit_log_user').on('audit_log').columns(['user_email', 'at']).execute();
      await db.schema
        .createTable('editor_sessions')
        .addColumn('document_id', 'text', (c) => c.primaryKey())
        .addColumn('sealed_session', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // Sign-in throttling became a progressive delay counted in one statement (no
  // read-then-write race); the lock-out table it replaces held only short-lived counters.
  '0002_sign_in_throttle': {
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable('sign_in_attempts').ifExists().execute();
      await db.schema
        .createTable('sign_in_throttle')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('next_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  // The intent journal (DESIGN.md section 6): every keyed mutation, recorded before the API
  // is called, so an outcome nobody saw can be resolved later by replaying the same key.
  '0003_intent_journal': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('intent_journal')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('body', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('status', 'integer')
        .addColumn('result_id', 'text')
        .addColumn('error_code', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('intent_journal_key')
        .on('intent_journal')
        .columns(['user_id', 'idempotency_key'])
        .unique()
        .execute();
      await db.schema
        .createIndex('intent_journal_open')
        .on('intent_journal')
        .columns(['user_id', 'state', 'updated_at'])
        .execute();
    },
  },
  // Package drafts: the send form saved per user, versioned so two tabs never overwrite each
  // other silently; `values` is a reserved word in SQL, hence `form_values`.
  '0004_package_drafts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('package_drafts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('template_id', 'text', (c) => c.notNull())
        .addColumn('template_name', 'text')
        .$call(withDraftBody)
        .execute();
      await db.schema.createIndex('package_drafts_user').on('package_drafts').columns(['user_id', 'updated_at']).execute();
      // Both dialects let several rows hold a NULL key, so only keyed creates are unique.
      await db.schema
        .createIndex('package_drafts_create_key')
        .on('package_drafts')
        .columns(['user_id', 'create_key'])
        .unique()
        .execute();
    },
  },
  // Where each audited action came from and which console instance handled it, so the log of
  // several instances behind a balancer tells them apart. Earlier entries keep NULL.
  '0005_audit_origin': {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite's ALTER TABLE adds a single column.
      await db.schema.alterTable('audit_log').addColumn('client_address', 'text').execute();
      await db.schema.alterTable('audit_log').addColumn('instance', 'text').execute();
    },
  },
  // One table for every draft the console keeps (package drafts, approval-request drafts), so
  // their rules (one user's each, versioned, one create per key) live in one place
  // (server/drafts/); package drafts move over as they are.
  '0006_drafts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('drafts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('subject_id', 'text', (c) => c.notNull())
        .addColumn('subject_name', 'text')
        .$call(withDraftBody)
        .execute();
      await db.schema.createIndex('drafts_user').on('drafts').columns(['user_id', 'kind', 'updated_at']).execute();
      await db.schema.createIndex('drafts_create_key').on('drafts').columns(['user_id', 'kind', 'create_key']).unique().execute();
      await sql`INSERT INTO drafts (id, user_id, kind, subject_id, subject_name, label, form_values, version, create_key, create_fingerprint, created_at, updated_at)
        SELECT id, user_id, 'package', template_id, template_name, label, form_values, version, create_key, create_fingerprint, created_at, updated_at
        FROM package_drafts`.execute(db);
      await db.schema.dropTable('package_drafts').execute();
    },
  },
  // The console's record of what it sent (server/send-records/): one row per preview, completed
  // by its send, so lists can show recipients and the sender's reference and search them.
  '0007_send_records': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('send_records')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('receipt_hash', 'text', (c) => c.notNull())
        .addColumn('template_id', 'text', (c) => c.notNull())
        .addColumn('template_name', 'text')
        .addColumn('reference', 'text')
        .addColumn('sender_values', 'text', (c) => c.notNull())
        .addColumn('signers', 'text', (c) => c.notNull())
        .addColumn('expires_in_days', 'integer', (c) => c.notNull())
        .addColumn('pdf_sha256', 'text')
        .addColumn('page_count', 'integer')
        .addColumn('previewed_at', 'text', (c) => c.notNull())
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text')
        .addColumn('package_id', 'text')
        .addColumn('sent_status', 'text')
        .addColumn('request_id', 'text')
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema.createIndex('send_records_receipt').on('send_records').columns(['receipt_hash']).unique().execute();
      await db.schema.createIndex('send_records_package').on('send_records').columns(['package_id']).execute();
      await db.schema.createIndex('send_records_sent').on('send_records').columns(['sent_at']).execute();
    },
  },
  // Home's "finished since you last looked": each user's latest visit and the one before it.
  '0008_home_visits': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('home_visits')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('seen_at', 'text', (c) => c.notNull())
        .addColumn('previous_seen_at', 'text')
        .execute();
    },
  },
  // Home asks on every view (and the badge every 30 s) what this user did: by user and operation,
  // without reading the whole log.
  '0009_audit_user_operation': {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('audit_log_user_operation').on('audit_log').columns(['user_id', 'operation']).execute();
    },
  },
  // Saved views: a filtered packages or approval-requests list a user named, shown on home.
  // One name per list per user, so saving the same view twice is one view.
  '0010_saved_views': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('saved_views')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('list', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('query', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('saved_views_name').on('saved_views').columns(['user_id', 'list', 'name']).unique().execute();
    },
  },
  // Home asks on every view (and the badge every 30 s) for the user's reviews still open: by
  // user and preview time, without reading every preview the console ever recorded.
  '0011_send_records_user_preview': {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('send_records_user_preview').on('send_records').columns(['user_id', 'previewed_at']).execute();
    },
  },
  // The sending record (issue 24): what the sender's browser saw before Send and who confirmed it.
  '0012_send_records_review': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('send_records').addColumn('review', 'text').execute();
      await db.schema.alterTable('send_records').addColumn('confirmed_by', 'text').execute();
    },
  },
  // The recipient book (issue 24): whom the team has sent to, suggested on every signer field.
  // One book for the console; an address is one entry whatever its case (email_key).
  '0013_recipients': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('recipients')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_key', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addColumn('added_by', 'text')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('use_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_used_at', 'text')
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('recipients_email_key').on('recipients').column('email_key').unique().execute();
      await db.schema.createIndex('recipients_last_used').on('recipients').columns(['last_used_at', 'name']).execute();
    },
  },
  // Bulk send (issue 24): a batch of rows from a spreadsheet, each previewed, reviewed and sent
  // on its own (server/bulk/). One create per key, so a retried "Create batch" makes one.
  '0014_bulk_batches': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bulk_batches')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('template_id', 'text', (c) => c.notNull())
        .addColumn('template_name', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('row_count', 'integer', (c) => c.notNull())
        .addColumn('create_key', 'text', (c) => c.notNull())
        .addColumn('create_fingerprint', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('bulk_batches_user').on('bulk_batches').columns(['user_id', 'created_at']).execute();
      await db.schema
        .createIndex('bulk_batches_create_key')
        .on('bulk_batches')
        .columns(['user_id', 'create_key'])
        .unique()
        .execute();
      await db.schema
        .createTable('bulk_rows')
        .addColumn('batch_id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('line', 'integer', (c) => c.notNull())
        .addColumn('input', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('receipt_hash', 'text')
        .addColumn('reviewed_receipt_hash', 'text')
        .addColumn('pdf_sha256', 'text')
        .addColumn('review', 'text')
        .addColumn('reviewed_at', 'text')
        .addColumn('send_key', 'text')
        .addColumn('package_id', 'text')
        .addColumn('error_code', 'text')
        .addColumn('error_message', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('bulk_rows_pk', ['batch_id', 'position'])
        .execute();
    },
  },
  // Sign-in with the company's identity provider (issue 25): where an account comes from, the
  // provider's subject it answers to (issuer and sub: unique), and its latest sign-in.
  '0015_users_origin': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('origin', 'text', (c) => c.notNull().defaultTo('local'))
        .execute();
      await db.schema.alterTable('users').addColumn('oidc_subject', 'text').execute();
      await db.schema.alterTable('users').addColumn('last_sign_in_at', 'text').execute();
      await db.schema.createIndex('users_oidc_subject').on('users').column('oidc_subject').unique().execute();
    },
  },
  // Bulk batches within limits (issue 33). change_seq: a counter per batch that every change of
  // its rows moves on, each row keeping the value of its latest change, so the batch page reads
  // only the rows changed since the counter it last saw. bulk_row_receipts: every receipt made
  // for a row, so the single send refuses one (a row's receipt is sent only through its row);
  // the receipts rows hold now are entered at once.
  '0016_bulk_limits': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('bulk_batches')
        .addColumn('change_seq', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('bulk_rows')
        .addColumn('change_seq', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('bulk_row_receipts')
        .addColumn('receipt_hash', 'text', (c) => c.primaryKey())
        .addColumn('batch_id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('bulk_row_receipts_batch').on('bulk_row_receipts').column('batch_id').execute();
      await sql`
        INSERT INTO bulk_row_receipts (receipt_hash, batch_id, position, created_at)
        SELECT h, batch_id, position, updated_at FROM (
          SELECT receipt_hash AS h, batch_id, position, updated_at FROM bulk_rows WHERE receipt_hash IS NOT NULL
          UNION
          SELECT reviewed_receipt_hash, batch_id, position, updated_at FROM bulk_rows WHERE reviewed_receipt_hash IS NOT NULL
        ) AS held WHERE true
        ON CONFLICT (receipt_hash) DO NOTHING`.execute(db);
    },
  },
  // Home's "Went wrong": what each user dismissed, by the row's key; one row per user and key,
  // so dismissing twice (a double click, two tabs) is one dismissal.
  '0017_home_dismissals': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('home_dismissals')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('item_key', 'text', (c) => c.notNull())
        .addColumn('dismissed_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('home_dismissals_pk', ['user_id', 'item_key'])
        .execute();
    },
  },
  // The sending record names the template's version the preview froze and each value under its
  // field's label (issue 35): both read when the preview is made, kept with it.
  '0018_send_records_template': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('send_records').addColumn('template_version_id', 'text').execute();
      await db.schema.alterTable('send_records').addColumn('template_version_number', 'integer').execute();
      await db.schema.alterTable('send_records').addColumn('field_labels', 'text').execute();
    },
  },
  // Home is read on every view by everyone (issue 35): none of its queries reads a whole table
  // or a user's whole history. "Went wrong" finds the user's failures of the day, what put
  // them right (by target) and the paths their keys were sent to (by key alone, as the
  // successes may be anyone's); "Drafts" finds the user's editor sessions about to end.
  '0019_home_reads': {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('audit_log_user_at').on('audit_log').columns(['user_id', 'at']).execute();
      await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_id', 'operation']).execute();
      await db.schema.createIndex('intent_journal_idempotency_key').on('intent_journal').column('idempotency_key').execute();
      await db.schema
        .createIndex('editor_sessions_created_by')
        .on('editor_sessions')
        .columns(['created_by', 'expires_at'])
        .execute();
    },
  },
  // Background work (issue 36). The embedded default's job table (PostgreSQL's jobs live in
  // pg-boss's schema, made by the same `npm run migrate`); a bulk row keeps its confirmed
  // receipt, sealed, so the server sends it whether or not the sender's tab is open.
  '0020_background_jobs': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('background_jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('queue', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('singleton_key', 'text')
        .addColumn('singleton_slot', 'text')
        .addColumn('retries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('retry_limit', 'integer', (c) => c.notNull())
        .addColumn('start_after', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text')
        .addColumn('finished_at', 'text')
        .addColumn('error', 'text')
        .execute();
      // As pg-boss's "stately" queues: one job of a key queued, one waiting to retry, one running.
      await sql`CREATE UNIQUE INDEX background_jobs_key ON background_jobs (queue, state, singleton_key)
        WHERE singleton_key IS NOT NULL AND state IN ('created', 'retry', 'active')`.execute(db);
      await sql`CREATE UNIQUE INDEX background_jobs_slot ON background_jobs (queue, singleton_slot, singleton_key)
        WHERE singleton_slot IS NOT NULL`.execute(db);
      await db.schema
        .createIndex('background_jobs_due')
        .on('background_jobs')
        .columns(['queue', 'state', 'start_after'])
        .execute();
      await db.schema.createIndex('background_jobs_created').on('background_jobs').column('created_at').execute();
      await db.schema.alterTable('bulk_rows').addColumn('sealed_receipt', 'text').execute();
      await db.schema.alterTable('bulk_rows').addColumn('receipt_expires_at', 'text').execute();
    },
  },
  // The watcher of what is open (issue 36, server/watcher/): the packages and requests it
  // follows, as last seen, and each change of status at the API's time. A change is one row
  // whatever runs record it (unique on kind, id, status, time); the cursor lets a run that
  // spent its share of the key stop and the next one go on from there.
  '0021_status_history': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('watched_records')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('last_status', 'text')
        .addColumn('last_seen_at', 'text')
        .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('seen_sweep', 'text')
        .addColumn('first_seen_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('watched_records_pk', ['kind', 'id'])
        .execute();
      await db.schema
        .createIndex('watched_records_open')
        .on('watched_records')
        .columns(['finished', 'kind', 'seen_sweep'])
        .execute();
      await db.schema
        .createTable('status_history')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('from_status', 'text')
        .addColumn('to_status', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('recorded_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('status_history_change')
        .on('status_history')
        .columns(['kind', 'id', 'to_status', 'at'])
        .unique()
        .execute();
      await db.schema.createIndex('status_history_at').on('status_history').columns(['at']).execute();
      await db.schema
        .createTable('watcher_cursor')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('sweep', 'text', (c) => c.notNull())
        .addColumn('position', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // Teams (issue 38): who belongs to which team, and the team each of the console's own records
  // belongs to. A record made before teams (or by other means) has none: admins see it, others do
  // not once teams exist. The recipient book is one per team: an address is one entry per book
  // (the no-team book keeps its own entries unique on the address alone).
  '0022_teams': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('teams')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('archived_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // Unique among active teams: an archived team's name may be used again.
      await sql`CREATE UNIQUE INDEX teams_active_name ON teams (name_key) WHERE archived_at IS NULL`.execute(db);
      await db.schema
        .createTable('team_members')
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
        .execute();
      await db.schema.createIndex('team_members_user').on('team_members').column('user_id').execute();
      for (const table of ['send_records', 'bulk_batches', 'recipients', 'saved_views']) {
        await db.schema.alterTable(table).addColumn('team_id', 'text').execute();
        await db.schema.createIndex(`${table}_team`).on(table).column('team_id').execute();
      }
      await db.schema.dropIndex('recipients_email_key').execute();
      // Whole (not partial), so an upsert names it by its columns alone; rows of no team never meet
      // in it (nulls are distinct) and are kept one per address by the partial index after it.
      await db.schema.createIndex('recipients_book_email').on('recipients').columns(['team_id', 'email_key']).unique().execute();
      await sql`CREATE UNIQUE INDEX recipients_email_key ON recipients (email_key) WHERE team_id IS NULL`.execute(db);
    },
  },
  // When the watcher last ended a sweep: Home reads what it recorded only once it has (issue 36).
  '0023_watcher_swept_at': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('watcher_cursor').addColumn('swept_at', 'text').execute();
    },
  },
  // Notifications (issue 37, server/notifications/): what a person is told, in the console and by
  // e-mail. An event is told to a person once (unique on its key and the person), and each
  // notification is delivered by e-mail once (unique on it and the channel), whatever instances
  // or restarts make them. The cursor keeps where turning events into notifications stands.
  '0024_notifications': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notifications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('subject_type', 'text', (c) => c.notNull())
        .addColumn('subject_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('href', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text')
        .addColumn('event_key', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('notifications_event_user')
        .on('notifications')
        .columns(['event_key', 'user_id'])
        .unique()
        .execute();
      await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'created_at']).execute();
      await db.schema
        .createTable('notification_deliveries')
        .addColumn('notification_id', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('claimed_until', 'text')
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('notification_deliveries_pk', ['notification_id', 'channel'])
        .execute();
      await db.schema
        .createIndex('notification_deliveries_due')
        .on('notification_deliveries')
        .columns(['state', 'next_attempt_at'])
        .execute();
      // What the notify job reads every run: changes recorded since its cursor, rows changed since
      // it, and a bulk row's owner by its package.
      await db.schema.createIndex('status_history_recorded').on('status_history').column('recorded_at').execute();
      await db.schema.createIndex('bulk_rows_updated').on('bulk_rows').column('updated_at').execute();
      await db.schema.createIndex('bulk_rows_package').on('bulk_rows').column('package_id').execute();
      await db.schema
        .createTable('notification_cursor')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('position', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  // Notification preferences (issue 37, server/notifications/preferences.ts): per person, kind and
  // channel, 'now', 'digest' or 'off' (no row: the default); each cell's version moves on every
  // change, so an unsubscribe link made for one version works once. A person's digest hour and
  // time zone; one digest row per person and local day, claimed before it is sent (its key is what
  // makes it once across instances); which digest carried a delivery; and a notification kept for
  // its e-mail alone (the person turned the console's channel off for its kind).
  '0025_notification_preferences': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notification_preferences')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('delivery', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind', 'channel'])
        .execute();
      await db.schema
        .createTable('notification_settings')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('digest_hour', 'integer', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('digest_version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('notification_digests')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('local_date', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('items', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('claimed_until', 'text')
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('notification_digests_pk', ['user_id', 'local_date'])
        .execute();
      await db.schema.alterTable('notification_deliveries').addColumn('digest_date', 'text').execute();
      await db.schema
        .alterTable('notifications')
        .addColumn('in_console', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
  },
  // The deadline of what the watcher follows (issue 37): a package's expires_at, a request's
  // SLA due_at as the API last answered them, so the notify job tells "expiring soon" and
  // "past its SLA" from the console's own rows instead of asking the API again.
  '0026_watched_due_at': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('watched_records').addColumn('due_at', 'text').execute();
    },
  },
  // Approval requests the console submitted, each with the team it was submitted for (issue 38):
  // what decides which team sees a request. A request found at the API without a row here was not
  // submitted from the console and belongs to no team. The insights read it too: keep its columns.
  // (0027 is unused: migrations run in the order of their names, and a gap is harmless.)
  '0028_approval_submissions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('approval_submissions')
        .addColumn('request_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('team_id', 'text')
        .addColumn('workflow_id', 'text', (c) => c.notNull())
        .addColumn('workflow_name', 'text')
        .addColumn('submitted_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('approval_submissions_team').on('approval_submissions').column('team_id').execute();
    },
  },
  // Documents the console uploaded, each with the team it was uploaded for (issue 38), as 0028
  // does for approval requests: a document without a row here belongs to no team.
  '0029_document_uploads': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('document_uploads')
        .addColumn('document_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('team_id', 'text')
        .addColumn('uploaded_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('document_uploads_team').on('document_uploads').column('team_id').execute();
    },
  },
  // The team an audit entry concerns (issue 38): a team's own changes and memberships, and the
  // records made or assigned for it, so the audit log filters by team. Older entries have none.
  '0030_audit_team': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('audit_log').addColumn('team_id', 'text').execute();
      await db.schema.createIndex('audit_log_team').on('audit_log').columns(['team_id', 'id']).execute();
    },
  },
  // Insights (issue 39, server/insights/): a period's sends read whole from one index (what
  // they are counted by, so a year of them is not 100,000 reads of the table), each one's status
  // as the watcher last saw it from another, the packages first seen in a period (a partial
  // index: the first status of each), requests submitted in a period, and the open packages
  // whose days run out soon (sent a given number of days before).
  '0031_insights': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('send_records_insights')
        .on('send_records')
        .columns(['sent_at', 'team_id', 'template_id', 'user_id', 'package_id', 'template_name'])
        .execute();
      await db.schema.createIndex('send_records_team_sent').on('send_records').columns(['team_id', 'sent_at']).execute();
      await db.schema.createIndex('send_records_expiry').on('send_records').columns(['expires_in_days', 'sent_at']).execute();
      await db.schema
        .createIndex('watched_records_status')
        .on('watched_records')
        .columns(['kind', 'id', 'last_status'])
        .execute();
      await db.schema.createIndex('status_history_status_at').on('status_history').columns(['kind', 'to_status', 'at']).execute();
      await sql`CREATE INDEX status_history_first_seen ON status_history (kind, at) WHERE from_status IS NULL`.execute(db);
    },
  },
  // Insights' own table (issue 39, server/db/package-facts-sql.ts): one row per package with
  // what the figures count it by, backfilled here and kept by triggers on the tables it comes
  // from, so a year of figures reads one index instead of joining the watcher's history per view.
  '0032_package_facts': {
    async up(db: Kysely<unknown>) {
      await installPackageFacts(db, db.getExecutor().adapter instanceof PostgresAdapter);
    },
  },
  // Each approval layer a request visited, as the watcher last read it (issue 39: time in each
  // layer, SLA met): when the layer was entered and decided, and the SLA deadline the API gave
  // while the layer was the current one, which the API drops once it is decided. One row per
  // visit (a layer re-entered after a revision is a visit of its own), numbered as the API lists
  // them; the insights read these, never the API.
  '0033_approval_layer_visits': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('approval_layer_visits')
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('visit', 'integer', (c) => c.notNull())
        .addColumn('layer', 'integer')
        .addColumn('name', 'text')
        .addColumn('entered_at', 'text')
        .addColumn('decided_at', 'text')
        .addColumn('decision', 'text')
        .addColumn('due_at', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('approval_layer_visits_pk', ['request_id', 'visit'])
        .execute();
    },
  },
  // Saved views shared with a team (issue 38): a team's shared views are told apart by name,
  // so two members cannot share two different "Overdue" views with it (server/saved-views/).
  // Partial, so personal views (team_id null) keep only their maker's own rule (0010).
  '0034_saved_views_team_name': {
    async up(db: Kysely<unknown>) {
      await sql`CREATE UNIQUE INDEX saved_views_team_name ON saved_views (team_id, list, name) WHERE team_id IS NOT NULL`.execute(
        db,
      );
    },
  },
  // A request or document made by other means is noted when an admin gives it to a team (issue
  // 38); its row then names that admin, who did not submit or upload it. Marked, so that
  // "submitted by", the sender filters and a person's last used team never count it as theirs.
  '0035_assigned_by': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('approval_submissions').addColumn('assigned_by', 'text').execute();
      await db.schema.alterTable('document_uploads').addColumn('assigned_by', 'text').execute();
    },
  },
  // The approval figures' own table (issue 39, server/db/request-facts-sql.ts): one row per
  // request with its submission, decision and revisions worked out, kept by triggers, so a year
  // of figures reads one index instead of grouping the watcher's history per view.
  '0036_request_facts': {
    async up(db: Kysely<unknown>) {
      await installRequestFacts(db, db.getExecutor().adapter instanceof PostgresAdapter);
    },
  },
  // A package sent by other means (no send record) that an admin gave to a team (issue 38): the
  // team it then belongs to, who gave it and when. A package the console sent keeps its team on
  // its send record; this holds only the others. The insights' facts take a package's team from
  // here where no send record holds it (server/db/package-facts-sql.ts).
  '0037_package_teams': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('package_teams')
        .addColumn('package_id', 'text', (c) => c.primaryKey())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('assigned_by', 'text', (c) => c.notNull())
        .addColumn('assigned_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('package_teams_team').on('package_teams').column('team_id').execute();
      await takeTeamsFromPackageTeams(db, db.getExecutor().adapter instanceof PostgresAdapter);
    },
  },
};
