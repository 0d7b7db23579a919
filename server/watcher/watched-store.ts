import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { recordLayerVisits } from './layer-visits';
import { isFinished, type WatchedKind } from './open-statuses';
import { statusChanges, type Listed } from './status-changes';

// What the watcher keeps: the records it follows (watched_records) and each change of status
// (status_history). Every write is safe to repeat: a run that died half-way, or two runs at
// once, record each change once (unique on kind, id, status and the API's time).

/**
 * Follows what the console itself sent or submitted since `since` (everything when null),
 * before any list has shown it: packages of sending records and bulk rows, requests of
 * successful submissions in the audit log. Their status is unknown until an answer tells it.
 */
export async function followKnown(db: Kysely<Database>, now: Date, since: string | null) {
  const at = now.toISOString();
  const after = (column: string) => (since ? sql`AND ${sql.ref(column)} >= ${since}` : sql``);
  // Typed casts, so PostgreSQL need not guess the parameters' types; the WHERE before ON
  // CONFLICT keeps SQLite from reading ON as a join's.
  const follow = (kind: WatchedKind, ids: ReturnType<typeof sql>) =>
    sql`INSERT INTO watched_records (kind, id, last_status, last_seen_at, finished, seen_sweep, first_seen_at, updated_at)
      SELECT CAST(${kind} AS text), k.id, CAST(NULL AS text), CAST(NULL AS text), 0, CAST(NULL AS text), CAST(${at} AS text), CAST(${at} AS text) FROM (${ids}) k
      WHERE k.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM watched_records w WHERE w.kind = ${kind} AND w.id = k.id)
      ON CONFLICT (kind, id) DO NOTHING`.execute(db);
  await follow(
    'package',
    sql`SELECT package_id AS id FROM send_records WHERE package_id IS NOT NULL ${after('sent_at')}
      UNION SELECT package_id AS id FROM bulk_rows WHERE package_id IS NOT NULL ${after('sent_at')}`,
  );
  await follow(
    'approval_request',
    sql`SELECT DISTINCT target_id AS id FROM audit_log
      WHERE operation = 'approval_request.submit' AND outcome = 'success' AND target_id IS NOT NULL ${after('at')}`,
  );
}

/** Records what `listed` says of records of `kind`, seen in `sweep`: the changes, then the records. Answers the changes. */
export async function recordSeen(db: Kysely<Database>, kind: WatchedKind, listed: readonly Listed[], sweep: string, now: Date) {
  if (listed.length === 0) return 0;
  const latest = [...new Map(listed.map((item) => [item.id, item])).values()];
  const at = now.toISOString();
  return db.transaction().execute(async (tx) => {
    const watched = await tx
      .selectFrom('watched_records')
      .select(['id', 'last_status'])
      .where('kind', '=', kind)
      .where(
        'id',
        'in',
        latest.map((item) => item.id),
      )
      .execute();
    const changes = statusChanges(kind, new Map(watched.map((w) => [w.id, w])), listed);
    if (changes.length > 0) {
      await tx
        .insertInto('status_history')
        .values(changes.map((c) => ({ ...c, recorded_at: at })))
        .onConflict((oc) => oc.columns(['kind', 'id', 'to_status', 'at']).doNothing())
        .execute();
    }
    await tx
      .insertInto('watched_records')
      .values(
        latest.map((item) => ({
          kind,
          id: item.id,
          last_status: item.status,
          last_seen_at: item.at,
          finished: isFinished(kind, item.status) ? 1 : 0,
          seen_sweep: sweep,
          first_seen_at: at,
          updated_at: at,
          due_at: item.due_at ?? null,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['kind', 'id']).doUpdateSet((eb) => ({
          last_status: eb.ref('excluded.last_status'),
          last_seen_at: eb.ref('excluded.last_seen_at'),
          finished: eb.ref('excluded.finished'),
          seen_sweep: eb.ref('excluded.seen_sweep'),
          updated_at: eb.ref('excluded.updated_at'),
          due_at: eb.ref('excluded.due_at'),
        })),
      )
      .execute();
    if (kind === 'approval_request') {
      await recordLayerVisits(
        tx,
        latest.map((item) => ({ id: item.id, visits: item.visits ?? null })),
        now,
      );
    }
    return changes.length;
  });
}

/** Records the API no longer shows (404): followed no more, no status recorded. */
export async function stopFollowing(db: Kysely<Database>, kind: WatchedKind, id: string, sweep: string, now: Date) {
  await db
    .updateTable('watched_records')
    .set({ finished: 1, seen_sweep: sweep, updated_at: now.toISOString() })
    .where('kind', '=', kind)
    .where('id', '=', id)
    .execute();
}

/** Open records no list of `sweep` showed (they finished, or pages moved under the sweep), at most `limit`. */
export async function missedBy(db: Kysely<Database>, sweep: string, limit: number) {
  return db
    .selectFrom('watched_records')
    .select(['kind', 'id'])
    .where('finished', '=', 0)
    .where((eb) => eb.or([eb('seen_sweep', 'is', null), eb('seen_sweep', '!=', sweep)]))
    .orderBy('first_seen_at')
    .orderBy('kind')
    .orderBy('id')
    .limit(limit)
    .execute();
}
