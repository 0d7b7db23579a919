import 'server-only';
import { sql, type Kysely } from 'kysely';

// package_facts (0032, issue 39): one row per package the console knows (it sent it, or the
// watcher saw it), holding what the insights figures count a package by: its send (time, team,
// template, sender), its status as the watcher last saw it, its first sight and its time from
// queued (else sent) to completed. The figures read a year of it from one index instead of
// joining 100,000 sends to status_history and watched_records on every view.
//
// Why one row per package rather than daily rollups: the page's days are the viewer's (a
// Berlin day starts at 23:00 UTC, an Indian one at 18:30), so counts per UTC day would not sum
// into them, and the percentiles must stay exact, which needs each duration, not a sum.
//
// Why triggers rather than the writers calling an upkeep: the rows the facts come from are
// written in several places (a send, a team assignment, the watcher's recording, the seeder, a
// restore, a test's straight inserts), and a trigger is in the very statement that changes them,
// so no writer can forget it and no reader can see one without the other. Each trigger works
// the package's row out again from its sources (a few index lookups): simple to get right, and
// the writes are one package or one sweep's page at a time.

/**
 * Which statements to produce: each dialect's, as 0032 installed them, or as 0037 replaced them
 * (`packageTeams`: a package no send record holds takes its team from package_teams, where an
 * admin gave it to one). 0032's stay as they were: databases have run them.
 */
interface FactsSql {
  postgres: boolean;
  packageTeams: boolean;
}

const FACT_COLUMNS =
  'package_id, from_console, sent_at, team_id, template_id, template_name, user_id, status, first_seen_at, to_complete_ms';

/** Milliseconds from `start` to `finish` (ISO instants), as SQL of each dialect; null where either is not a time. */
const millisBetween = (postgres: boolean, finish: string, start: string) =>
  postgres
    ? `package_facts_ms(${finish}, ${start})`
    : `CAST(round((julianday(${finish}) - julianday(${start})) * 86400000.0) AS INTEGER)`;

/**
 * The facts rows of the packages `ids` names (a query of one column, `id`), as a SELECT. A
 * package's send is its send record (the sent one first, should there ever be two), and it
 * counts from the console when any send record holds it; it is timed as the figures always did:
 * the first completion less the first queued (else the send), never negative.
 */
function factsOf({ postgres, packageTeams }: FactsSql, ids: string) {
  // SQLite would answer the first sight from the partial index of first sights (0031), walking
  // every package's in time order to find this one's: pinned to the index by package instead.
  const history = postgres ? 'status_history h' : 'status_history h INDEXED BY status_history_change';
  const first = (where: string) => `(SELECT min(h.at) FROM ${history} WHERE h.kind = 'package' AND h.id = k.id AND ${where})`;
  const took = millisBetween(postgres, 't.completed_at', 'coalesce(t.queued_at, t.sent_at)');
  const team = packageTeams ? 'CASE WHEN s.id IS NULL THEN pt.team_id ELSE s.team_id END AS team_id' : 's.team_id';
  const assigned = packageTeams ? '\n      LEFT JOIN package_teams pt ON pt.package_id = k.id' : '';
  return `SELECT t.id, t.from_console, t.sent_at, t.team_id, t.template_id, t.template_name, t.user_id, t.status, t.first_seen_at,
      CASE WHEN t.completed_at IS NOT NULL AND ${took} >= 0 THEN ${took} END
    FROM (
      SELECT k.id, CASE WHEN s.id IS NULL THEN 0 ELSE 1 END AS from_console,
        s.sent_at, ${team}, s.template_id, s.template_name, s.user_id,
        w.last_status AS status, w.id AS watched_id,
        ${first('h.from_status IS NULL')} AS first_seen_at,
        ${first(`h.to_status = 'queued'`)} AS queued_at,
        ${first(`h.to_status = 'completed'`)} AS completed_at,
        EXISTS (SELECT 1 FROM status_history h WHERE h.kind = 'package' AND h.id = k.id) AS changed
      FROM (${ids}) k
      LEFT JOIN send_records s ON s.id = (
        SELECT s2.id FROM send_records s2 WHERE s2.package_id = k.id ORDER BY s2.sent_at IS NULL, s2.sent_at, s2.id LIMIT 1)
      LEFT JOIN watched_records w ON w.kind = 'package' AND w.id = k.id${assigned}
    ) t
    WHERE t.from_console = 1 OR t.watched_id IS NOT NULL OR t.changed`;
}

/** The statements that work out package `id`'s row again (an SQL expression: NEW.id, a parameter). */
const refresh = (v: FactsSql, id: string) =>
  `DELETE FROM package_facts WHERE package_id = ${id};
   INSERT INTO package_facts (${FACT_COLUMNS}) ${factsOf(v, `SELECT ${id} AS id`)};`;

// What a change of each table touches, and when it can change a package's facts at all (the
// watcher rewrites a record's sweep on every pass; a preview's page count is no fact).
const SEND_CHANGED = ['package_id', 'sent_at', 'team_id', 'template_id', 'template_name', 'user_id'];

const SQLITE_TRIGGERS = ['send', 'watched', 'history'].flatMap((t) =>
  ['insert', 'update', 'delete'].map((e) => `package_facts_${t}_${e}`),
);

async function sqliteTriggers(db: Kysely<unknown>, v: FactsSql) {
  const trigger = (name: string, event: string, table: string, when: string, ids: string[]) =>
    sql
      .raw(
        `CREATE TRIGGER ${name} AFTER ${event} ON ${table} FOR EACH ROW WHEN ${when}
         BEGIN ${ids.map((id) => refresh(v, id)).join('\n')} END`,
      )
      .execute(db);
  const changed = (columns: string[]) => `(${columns.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ')})`;
  await trigger('package_facts_send_insert', 'INSERT', 'send_records', 'NEW.package_id IS NOT NULL', ['NEW.package_id']);
  await trigger('package_facts_send_update', 'UPDATE', 'send_records', changed(SEND_CHANGED), [
    'OLD.package_id',
    'NEW.package_id',
  ]);
  await trigger('package_facts_send_delete', 'DELETE', 'send_records', 'OLD.package_id IS NOT NULL', ['OLD.package_id']);
  await trigger('package_facts_watched_insert', 'INSERT', 'watched_records', `NEW.kind = 'package'`, ['NEW.id']);
  await trigger(
    'package_facts_watched_update',
    'UPDATE',
    'watched_records',
    `(OLD.kind = 'package' OR NEW.kind = 'package') AND ${changed(['kind', 'id', 'last_status'])}`,
    ['OLD.id', 'NEW.id'],
  );
  await trigger('package_facts_watched_delete', 'DELETE', 'watched_records', `OLD.kind = 'package'`, ['OLD.id']);
  await trigger('package_facts_history_insert', 'INSERT', 'status_history', `NEW.kind = 'package'`, ['NEW.id']);
  await trigger('package_facts_history_update', 'UPDATE', 'status_history', `OLD.kind = 'package' OR NEW.kind = 'package'`, [
    'OLD.id',
    'NEW.id',
  ]);
  await trigger('package_facts_history_delete', 'DELETE', 'status_history', `OLD.kind = 'package'`, ['OLD.id']);
  if (!v.packageTeams) return;
  await trigger('package_facts_team_insert', 'INSERT', 'package_teams', '1', ['NEW.package_id']);
  await trigger('package_facts_team_update', 'UPDATE', 'package_teams', changed(['package_id', 'team_id']), [
    'OLD.package_id',
    'NEW.package_id',
  ]);
  await trigger('package_facts_team_delete', 'DELETE', 'package_teams', '1', ['OLD.package_id']);
}

/** (PostgreSQL) The function every trigger calls to work a package's row out again; 0037 replaces 0032's. */
const refreshFunction = (db: Kysely<unknown>, v: FactsSql) =>
  sql
    .raw(
      `CREATE ${v.packageTeams ? 'OR REPLACE ' : ''}FUNCTION package_facts_refresh(pid text) RETURNS void LANGUAGE plpgsql AS $$
       BEGIN
         IF pid IS NULL THEN RETURN; END IF;
         PERFORM pg_advisory_xact_lock(hashtext('package_facts'), hashtext(pid));
         ${refresh(v, 'pid')}
       END $$`,
    )
    .execute(db);

async function postgresTriggers(db: Kysely<unknown>) {
  // Two transactions at once (a send, the watcher, a team assignment) must not each work the row
  // out from what the other has not committed: each takes the package's transaction-scoped
  // advisory lock first, so the second waits for the first to commit and then reads what it
  // wrote. (A row lock would not do: the refresh deletes the row, and a waiter on a deleted row
  // goes on unlocked, then meets the first one's insert as a duplicate key.)
  await refreshFunction(db, { postgres: true, packageTeams: false });
  for (const [name, column] of [
    ['send', 'package_id'],
    ['watched', 'id'],
    ['history', 'id'],
  ] as const) {
    const kindOf = (row: string) => (name === 'send' ? 'TRUE' : `${row}.kind = 'package'`);
    await sql
      .raw(
        `CREATE FUNCTION package_facts_${name}_changed() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           IF TG_OP IN ('UPDATE', 'DELETE') AND ${kindOf('OLD')} THEN PERFORM package_facts_refresh(OLD.${column}); END IF;
           IF TG_OP IN ('INSERT', 'UPDATE') AND ${kindOf('NEW')} THEN PERFORM package_facts_refresh(NEW.${column}); END IF;
           RETURN NULL;
         END $$`,
      )
      .execute(db);
  }
  const trigger = (name: string, event: string, table: string, when: string, fn: string) =>
    sql.raw(`CREATE TRIGGER ${name} AFTER ${event} ON ${table} FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION ${fn}()`).execute(db);
  const changed = (columns: string[]) => columns.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');
  await trigger(
    'package_facts_send_insert',
    'INSERT',
    'send_records',
    'NEW.package_id IS NOT NULL',
    'package_facts_send_changed',
  );
  await trigger('package_facts_send_update', 'UPDATE', 'send_records', changed(SEND_CHANGED), 'package_facts_send_changed');
  await trigger(
    'package_facts_send_delete',
    'DELETE',
    'send_records',
    'OLD.package_id IS NOT NULL',
    'package_facts_send_changed',
  );
  await trigger(
    'package_facts_watched_insert',
    'INSERT',
    'watched_records',
    `NEW.kind = 'package'`,
    'package_facts_watched_changed',
  );
  await trigger(
    'package_facts_watched_update',
    'UPDATE',
    'watched_records',
    changed(['kind', 'id', 'last_status']),
    'package_facts_watched_changed',
  );
  await trigger(
    'package_facts_watched_delete',
    'DELETE',
    'watched_records',
    `OLD.kind = 'package'`,
    'package_facts_watched_changed',
  );
  await trigger(
    'package_facts_history_insert',
    'INSERT',
    'status_history',
    `NEW.kind = 'package'`,
    'package_facts_history_changed',
  );
  await trigger('package_facts_history_update', 'UPDATE', 'status_history', 'TRUE', 'package_facts_history_changed');
  await trigger(
    'package_facts_history_delete',
    'DELETE',
    'status_history',
    `OLD.kind = 'package'`,
    'package_facts_history_changed',
  );
}

/** Makes package_facts, fills it from what the console recorded so far, and installs the triggers that keep it. */
export async function installPackageFacts(db: Kysely<unknown>, postgres: boolean) {
  await db.schema
    .createTable('package_facts')
    .addColumn('package_id', 'text', (c) => c.primaryKey())
    .addColumn('from_console', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'text')
    .addColumn('team_id', 'text')
    .addColumn('template_id', 'text')
    .addColumn('template_name', 'text')
    .addColumn('user_id', 'text')
    .addColumn('status', 'text')
    .addColumn('first_seen_at', 'text')
    // a year is 3.2e10 ms: past PostgreSQL's integer
    .addColumn('to_complete_ms', 'bigint')
    .execute();
  // Three indexes, each what one kind of read walks, and partial where a read must not be
  // tempted by it: without statistics (nothing here runs ANALYZE) SQLite takes any index that
  // bounds sent_at over one that avoids a sort, and a year's tallies then sort 100,000 rows.
  // - the tallies group a period's sends by status, template and sender: read in that order,
  //   the whole index (it covers every column they count), no sort. Status first, which no
  //   read filters on: led by the template or the sender, it would lure a filtered chart's
  //   bucket counts into reading all of that template's sends once per bucket;
  await db.schema
    .createIndex('package_facts_tally')
    .on('package_facts')
    .columns(['status', 'template_id', 'user_id', 'sent_at', 'to_complete_ms', 'team_id', 'template_name'])
    .execute();
  // - the chart counts each day's or week's sends: a range of sent_at per bucket. Partial on
  //   from_console, which only the chart's read names, so the tallies cannot take it;
  await sql`CREATE INDEX package_facts_sent ON package_facts (sent_at, team_id, template_id, user_id) WHERE from_console = 1`.execute(
    db,
  );
  // - the durations' percentiles: a period's times read in order, up to the median's rank and the 90th's.
  await sql`CREATE INDEX package_facts_durations ON package_facts (to_complete_ms, sent_at, team_id, template_id, user_id)
    WHERE to_complete_ms IS NOT NULL`.execute(db);
  await sql`CREATE INDEX package_facts_other_means ON package_facts (first_seen_at) WHERE from_console = 0`.execute(db);
  if (postgres)
    // (PostgreSQL) A time the API wrote that PostgreSQL cannot read times nothing (as Date.parse's NaN did),
    // rather than failing the watcher's write.
    await sql
      .raw(
        `CREATE FUNCTION package_facts_ms(finish text, start text) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
         BEGIN
           RETURN round(extract(epoch FROM (finish::timestamptz - start::timestamptz)) * 1000);
         EXCEPTION WHEN others THEN RETURN NULL;
         END $$`,
      )
      .execute(db);
  // The backfill: every package a send record, the watcher's records or its history name.
  const known = `SELECT package_id AS id FROM send_records WHERE package_id IS NOT NULL
    UNION SELECT id FROM watched_records WHERE kind = 'package'
    UNION SELECT id FROM status_history WHERE kind = 'package'`;
  const v = { postgres, packageTeams: false };
  await sql.raw(`INSERT INTO package_facts (${FACT_COLUMNS}) ${factsOf(v, known)}`).execute(db);
  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db, v);
}

/**
 * (0037) A package sent by other means that an admin gave to a team (package_teams) counts for
 * that team: every trigger's refresh takes the team from there where no send record holds the
 * package (PostgreSQL: the one function they call, replaced; SQLite: the triggers, which hold
 * their statements, made again), a change of package_teams refreshes its package, and the rows of
 * the packages it already names are worked out again.
 */
export async function takeTeamsFromPackageTeams(db: Kysely<unknown>, postgres: boolean) {
  const v = { postgres, packageTeams: true };
  if (postgres) {
    await refreshFunction(db, v);
    await sql
      .raw(
        `CREATE FUNCTION package_facts_team_changed() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM package_facts_refresh(OLD.package_id); END IF;
           IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM package_facts_refresh(NEW.package_id); END IF;
           RETURN NULL;
         END $$`,
      )
      .execute(db);
    for (const [event, when] of [
      ['INSERT', 'TRUE'],
      ['UPDATE', 'OLD.package_id IS DISTINCT FROM NEW.package_id OR OLD.team_id IS DISTINCT FROM NEW.team_id'],
      ['DELETE', 'TRUE'],
    ] as const)
      await sql
        .raw(
          `CREATE TRIGGER package_facts_team_${event.toLowerCase()} AFTER ${event} ON package_teams FOR EACH ROW
           WHEN (${when}) EXECUTE FUNCTION package_facts_team_changed()`,
        )
        .execute(db);
  } else {
    for (const name of SQLITE_TRIGGERS) await sql.raw(`DROP TRIGGER ${name}`).execute(db);
    await sqliteTriggers(db, v);
  }
  const assigned = 'SELECT package_id AS id FROM package_teams';
  await sql.raw(`DELETE FROM package_facts WHERE package_id IN (${assigned})`).execute(db);
  await sql.raw(`INSERT INTO package_facts (${FACT_COLUMNS}) ${factsOf(v, assigned)}`).execute(db);
}
