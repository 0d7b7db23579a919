import 'server-only';
import { sql } from 'kysely';
import type { PackageTallies } from './package-tallies';
import type { Period } from './period';
import { isFiltered, type FigureSource } from './sends';

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
export async function unseen(source: FigureSource, period: Period, tallies: PackageTallies) {
  const { db, scope, filters } = source;
  let otherMeans: number | null = null;
  if (scope.kind === 'everything' && !isFiltered(filters)) {
    // package_facts keeps each package's first sight and whether a send record holds it
    const row = await db
      .selectFrom('package_facts')
      .where('from_console', '=', 0)
      .where('first_seen_at', '>=', period.start)
      .where('first_seen_at', '<', period.end)
      .select(sql<number>`count(*)`.as('count'))
      .executeTakeFirst();
    otherMeans = Number(row?.count ?? 0);
  }
  const sum = (keep: (r: PackageTallies['rows'][number]) => boolean) =>
    tallies.rows.filter(keep).reduce((s, r) => s + r.count, 0);
  return {
    watcher_since: tallies.watcherSince,
    sent_before_watcher: sum((r) => r.before_watcher),
    not_seen: sum((r) => r.status === null),
    other_means: otherMeans,
  };
}
