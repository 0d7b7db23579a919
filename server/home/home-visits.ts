import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Visits closer together than this are one visit: a reload or a second tab does not reset "since". */
export const VISIT_GAP_MS = 10 * 60 * 1000;

/**
 * Notes that the user opened home at `at`. A visit after a gap moves the latest visit into
 * "previous", so what finished since then stays listed for the whole of this visit; one
 * statement, so two instances noting the same visit at once agree.
 */
export async function noteHomeVisit(db: Kysely<Database>, userId: string, at: Date) {
  const now = at.toISOString();
  const gapStart = new Date(at.getTime() - VISIT_GAP_MS).toISOString();
  await db
    .insertInto('home_visits')
    .values({ user_id: userId, seen_at: now, previous_seen_at: null })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({ previous_seen_at: eb.ref('home_visits.seen_at'), seen_at: now }))
        .where('home_visits.seen_at', '<', gapStart),
    )
    .execute();
}

/** Since when "finished since you last looked" counts: the visit before this one, or null before a second visit. */
export async function lastLooked(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db.selectFrom('home_visits').select('previous_seen_at').where('user_id', '=', userId).executeTakeFirst();
  return row?.previous_seen_at ?? null;
}
