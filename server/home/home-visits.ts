import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Visits closer together than this are one visit: a reload or a second tab does not reset "since". */
export const VISIT_GAP_MS = 10 * 60 * 1000;

// A lower bound, per user, of the visit the database holds: the time this process last wrote
// or read one. A visit only ever moves forward, so while that time is within the gap the upsert below
// would change nothing, and a page view (a hundred at once in a morning's rush) skips it.
// Another instance's later visit only makes the row newer than this bound; losing the map
// (a restart) costs one write per user. Bounded: the oldest entries go first.
const written = new Map<string, number>();
const WRITTEN_MAX = 10_000;

/**
 * Notes that the user opened home at `at`. A visit after a gap moves the latest visit into
 * "previous", so what finished since then stays listed for the whole of this visit; one
 * statement, so two instances noting the same visit at once agree.
 */
export async function noteHomeVisit(db: Kysely<Database>, userId: string, at: Date) {
  const gapStart = at.getTime() - VISIT_GAP_MS;
  if ((written.get(userId) ?? -Infinity) >= gapStart) return;
  const now = at.toISOString();
  const result = await db
    .insertInto('home_visits')
    .values({ user_id: userId, seen_at: now, previous_seen_at: null })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({ previous_seen_at: eb.ref('home_visits.seen_at'), seen_at: now }))
        .where('home_visits.seen_at', '<', new Date(gapStart).toISOString()),
    )
    .executeTakeFirst();
  // A row this statement wrote holds `at`; a no-op left a visit within the gap there, written by
  // another instance or another of this process's bundles: its time is read once, so the views
  // that follow within its gap skip the statement too.
  const wrote = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  const held = wrote
    ? at.getTime()
    : Date.parse(
        (await db.selectFrom('home_visits').select('seen_at').where('user_id', '=', userId).executeTakeFirst())?.seen_at ?? '',
      );
  if (!Number.isFinite(held)) return;
  written.delete(userId);
  if (written.size >= WRITTEN_MAX) written.delete(written.keys().next().value!);
  written.set(userId, held);
}

/** Since when "finished since you last looked" counts: the visit before this one, or null before a second visit. */
export async function lastLooked(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db.selectFrom('home_visits').select('previous_seen_at').where('user_id', '=', userId).executeTakeFirst();
  return row?.previous_seen_at ?? null;
}
