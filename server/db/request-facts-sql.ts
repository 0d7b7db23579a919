import 'server-only';
import { sql, type Kysely } from 'kysely';

// request_facts (0036, issue 39): one row per approval request the watcher saw change, holding
// what the approval figures count a request by: when it was submitted (the API's time of its
// first IN_PROGRESS), decided (its first status past the open ones) and how, how often it was
// sent back, the first status the watcher saw, and the console's note of its submission (team,
// workflow, submitter, or the admin who assigned it). The figures read a period of it from one
// index, where grouping a year of status_history per request cost 170 ms on every view.
// Kept by triggers, as package_facts is (server/db/package-facts-sql.ts says why): each works the
// request's row out again from its few history rows and its submission.

/**
 * The statuses a request is open in, as the watcher counts them (server/watcher/open-statuses.ts)
 * when this table was made: written here, not imported, so that the migration that installs these
 * triggers keeps meaning what it meant when it ran.
 */
const OPEN = `'DRAFT', 'IN_PROGRESS', 'NEEDS_REVISION'`;

const FACT_COLUMNS =
  'request_id, submitted_at, decided_at, decision, revisions, first_status, to_decision_ms, noted, team_id, workflow_id, workflow_name, user_id, assigned_by';

const millisBetween = (postgres: boolean, finish: string, start: string) =>
  postgres
    ? `package_facts_ms(${finish}, ${start})`
    : `CAST(round((julianday(${finish}) - julianday(${start})) * 86400000.0) AS INTEGER)`;

/** The facts rows of the requests whose history `where` selects (a condition on status_history `h`), as a SELECT. */
function factsOf(postgres: boolean, where: string) {
  const took = millisBetween(postgres, 't.decided_at', 't.submitted_at');
  return `SELECT t.id, t.submitted_at, t.decided_at, t.decision, t.revisions, t.first_status,
      CASE WHEN t.submitted_at IS NOT NULL AND t.decided_at IS NOT NULL AND ${took} >= 0 THEN ${took} END,
      CASE WHEN a.request_id IS NULL THEN 0 ELSE 1 END, a.team_id, a.workflow_id, a.workflow_name, a.user_id, a.assigned_by
    FROM (
      SELECT h.id,
        min(CASE WHEN h.to_status = 'IN_PROGRESS' THEN h.at END) AS submitted_at,
        min(CASE WHEN h.to_status NOT IN (${OPEN}) THEN h.at END) AS decided_at,
        max(CASE WHEN h.to_status NOT IN (${OPEN}) THEN h.to_status END) AS decision,
        sum(CASE WHEN h.to_status = 'NEEDS_REVISION' THEN 1 ELSE 0 END) AS revisions,
        max(CASE WHEN h.from_status IS NULL THEN h.to_status END) AS first_status
      FROM status_history h
      WHERE h.kind = 'approval_request' AND ${where}
      GROUP BY h.id
    ) t
    LEFT JOIN approval_submissions a ON a.request_id = t.id`;
}

const refresh = (postgres: boolean, id: string) =>
  `DELETE FROM request_facts WHERE request_id = ${id};
   INSERT INTO request_facts (${FACT_COLUMNS}) ${factsOf(postgres, `h.id = ${id}`)};`;

const SUBMISSION_CHANGED = ['request_id', 'team_id', 'workflow_id', 'workflow_name', 'user_id', 'assigned_by'];

async function sqliteTriggers(db: Kysely<unknown>) {
  const trigger = (name: string, event: string, table: string, when: string, ids: string[]) =>
    sql
      .raw(
        `CREATE TRIGGER ${name} AFTER ${event} ON ${table} FOR EACH ROW WHEN ${when}
         BEGIN ${ids.map((id) => refresh(false, id)).join('\n')} END`,
      )
      .execute(db);
  const changed = (columns: string[]) => `(${columns.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ')})`;
  await trigger('request_facts_submission_insert', 'INSERT', 'approval_submissions', 'TRUE', ['NEW.request_id']);
  await trigger('request_facts_submission_update', 'UPDATE', 'approval_submissions', changed(SUBMISSION_CHANGED), [
    'OLD.request_id',
    'NEW.request_id',
  ]);
  await trigger('request_facts_submission_delete', 'DELETE', 'approval_submissions', 'TRUE', ['OLD.request_id']);
  await trigger('request_facts_history_insert', 'INSERT', 'status_history', `NEW.kind = 'approval_request'`, ['NEW.id']);
  await trigger(
    'request_facts_history_update',
    'UPDATE',
    'status_history',
    `OLD.kind = 'approval_request' OR NEW.kind = 'approval_request'`,
    ['OLD.id', 'NEW.id'],
  );
  await trigger('request_facts_history_delete', 'DELETE', 'status_history', `OLD.kind = 'approval_request'`, ['OLD.id']);
}

async function postgresTriggers(db: Kysely<unknown>) {
  // As package_facts_refresh: the request's transaction-scoped advisory lock first, so two
  // writers of one request (the watcher, an admin's assignment) work its row out in turn.
  await sql
    .raw(
      `CREATE FUNCTION request_facts_refresh(rid text) RETURNS void LANGUAGE plpgsql AS $$
       BEGIN
         IF rid IS NULL THEN RETURN; END IF;
         PERFORM pg_advisory_xact_lock(hashtext('request_facts'), hashtext(rid));
         ${refresh(true, 'rid')}
       END $$`,
    )
    .execute(db);
  for (const [name, column, kindOf] of [
    ['submission', 'request_id', () => 'TRUE'],
    ['history', 'id', (row: string) => `${row}.kind = 'approval_request'`],
  ] as const) {
    await sql
      .raw(
        `CREATE FUNCTION request_facts_${name}_changed() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           IF TG_OP IN ('UPDATE', 'DELETE') AND ${kindOf('OLD')} THEN PERFORM request_facts_refresh(OLD.${column}); END IF;
           IF TG_OP IN ('INSERT', 'UPDATE') AND ${kindOf('NEW')} THEN PERFORM request_facts_refresh(NEW.${column}); END IF;
           RETURN NULL;
         END $$`,
      )
      .execute(db);
  }
  const trigger = (name: string, event: string, table: string, when: string, fn: string) =>
    sql.raw(`CREATE TRIGGER ${name} AFTER ${event} ON ${table} FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION ${fn}()`).execute(db);
  const changed = SUBMISSION_CHANGED.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');
  await trigger('request_facts_submission_insert', 'INSERT', 'approval_submissions', 'TRUE', 'request_facts_submission_changed');
  await trigger('request_facts_submission_update', 'UPDATE', 'approval_submissions', changed, 'request_facts_submission_changed');
  await trigger('request_facts_submission_delete', 'DELETE', 'approval_submissions', 'TRUE', 'request_facts_submission_changed');
  await trigger(
    'request_facts_history_insert',
    'INSERT',
    'status_history',
    `NEW.kind = 'approval_request'`,
    'request_facts_history_changed',
  );
  await trigger('request_facts_history_update', 'UPDATE', 'status_history', 'TRUE', 'request_facts_history_changed');
  await trigger(
    'request_facts_history_delete',
    'DELETE',
    'status_history',
    `OLD.kind = 'approval_request'`,
    'request_facts_history_changed',
  );
}

/**
 * Each layer visit's time, decided less entered (ms), kept beside it: worked out once when the
 * watcher writes the visit rather than for each of a year's 40,000 visits on every view (reading
 * the times as instants was half of PostgreSQL's work for the layers' figures). SQLite computes it
 * as a generated column (held in the figures' index); PostgreSQL, whose text-to-instant reading
 * is not immutable and so cannot generate a column, by a trigger that also overrides a written one.
 */
async function installVisitTimes(db: Kysely<unknown>, postgres: boolean) {
  if (!postgres) {
    await sql
      .raw(
        `ALTER TABLE approval_layer_visits ADD COLUMN took_ms INTEGER
         GENERATED ALWAYS AS (${millisBetween(false, 'decided_at', 'entered_at')}) VIRTUAL`,
      )
      .execute(db);
    return;
  }
  await sql`ALTER TABLE approval_layer_visits ADD COLUMN took_ms bigint`.execute(db);
  await sql
    .raw(
      `CREATE FUNCTION approval_layer_visits_took() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         NEW.took_ms := ${millisBetween(true, 'NEW.decided_at', 'NEW.entered_at')};
         RETURN NEW;
       END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER approval_layer_visits_took BEFORE INSERT OR UPDATE OF entered_at, decided_at, took_ms
       ON approval_layer_visits FOR EACH ROW EXECUTE FUNCTION approval_layer_visits_took()`,
    )
    .execute(db);
  // the visits kept so far, through the trigger
  await sql`UPDATE approval_layer_visits SET took_ms = NULL`.execute(db);
}

/** Makes request_facts, fills it from the history recorded so far, and installs the triggers that keep it. */
export async function installRequestFacts(db: Kysely<unknown>, postgres: boolean) {
  await db.schema
    .createTable('request_facts')
    .addColumn('request_id', 'text', (c) => c.primaryKey())
    .addColumn('submitted_at', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decision', 'text')
    .addColumn('revisions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_status', 'text')
    .addColumn('to_decision_ms', 'bigint')
    .addColumn('noted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('team_id', 'text')
    .addColumn('workflow_id', 'text')
    .addColumn('workflow_name', 'text')
    .addColumn('user_id', 'text')
    .addColumn('assigned_by', 'text')
    .execute();
  // Every figure reads a period of submissions: a range of submitted_at, and the index holds every
  // column they count by, so a year's 20,000 are read from it alone. Likewise the layers' visits,
  // found by request: without it each of 40,000 was a lookup of its row too.
  await sql`CREATE INDEX request_facts_submitted ON request_facts (submitted_at, noted, team_id, workflow_id, user_id,
    assigned_by, decided_at, decision, revisions, first_status, to_decision_ms, workflow_name, request_id)
    WHERE submitted_at IS NOT NULL`.execute(db);
  await installVisitTimes(db, postgres);
  await db.schema
    .createIndex('approval_layer_visits_figures')
    .on('approval_layer_visits')
    .columns(['request_id', 'layer', 'name', 'entered_at', 'decided_at', 'due_at', 'took_ms'])
    .execute();
  await sql.raw(`INSERT INTO request_facts (${FACT_COLUMNS}) ${factsOf(postgres, 'TRUE')}`).execute(db);
  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
}
