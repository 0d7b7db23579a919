import 'server-only';
import { sql } from 'kysely';
import type { Period } from './period';
import { isFiltered, sendsBetween, type FigureSource } from './sends';

/**
 * What the figures cannot hold, counted apart so the page can say it in words:
 * - `watcher_since`: the first change the watcher recorded (null: it has recorded none);
 * - `sent_before_watcher`: packages sent in the period before then, whose changes up to then
 *   were not seen (they count where the watcher found them, their times where it could date them);
 * - `not_seen`: packages sent in the period the watcher has not seen in any status yet;
 * - `other_means`: packages the watcher first found in the period that no one sent from this
 *   console (another app, the API directly). They belong to no team, so only a reader who sees
 *   everything is told, and only unfiltered (they have no team, template record or sender here).
 */
export async function unseen(source: FigureSource, period: Period) {
  const { db, scope, filters } = source;
  const first = await db
    .selectFrom('status_history')
    .select(sql<string | null>`min(recorded_at)`.as('since'))
    .executeTakeFirst();
  const since = first?.since ?? null;
  const counts = await sendsBetween(source, period.start, period.end)
    .leftJoin('watched_records as w', (j) => j.on('w.kind', '=', 'package').onRef('w.id', '=', 's.package_id'))
    .select([
      sql<number>`sum(case when w.last_status is null then 1 else 0 end)`.as('not_seen'),
      (since ? sql<number>`sum(case when s.sent_at < ${since} then 1 else 0 end)` : sql<number>`count(*)`).as('before'),
    ])
    .executeTakeFirst();
  let otherMeans: number | null = null;
  if (scope.kind === 'everything' && !isFiltered(filters)) {
    const row = await db
      .selectFrom('status_history as h')
      .where('h.kind', '=', 'package')
      .where('h.from_status', 'is', null)
      .where('h.at', '>=', period.start)
      .where('h.at', '<', period.end)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('send_records as s').select('s.id').whereRef('s.package_id', '=', 'h.id'))))
      .select(sql<number>`count(distinct h.id)`.as('count'))
      .executeTakeFirst();
    otherMeans = Number(row?.count ?? 0);
  }
  return {
    watcher_since: since,
    sent_before_watcher: Number(counts?.before ?? 0),
    not_seen: Number(counts?.not_seen ?? 0),
    other_means: otherMeans,
  };
}
