import 'server-only';
import { sql } from 'kysely';
import type { Period } from './period';
import { ranksOf } from './percentiles';
import { sentFactsBetween, type FigureSource } from './sends';

/**
 * How long the packages sent in the period took to complete: from the API's time of their
 * queued status (the console's own send time where the watcher did not see it queued) to the
 * API's time of their completion, median and 90th percentile. The time to the first signature
 * is not here: a package's statuses do not change at a signature, and the console keeps no
 * signer's history, so it does not know it.
 */
export async function packageDurations(source: FigureSource, period: Period) {
  // Each package's time is worked out when its completion is recorded (package_facts), and the
  // percentiles are read as ranks of the period's times in index order (package_facts_durations):
  // exact, without bringing a year of 100,000 times over to sort them here.
  const timed = () => sentFactsBetween(source, period.start, period.end).where('f.to_complete_ms', 'is not', null);
  const counted = await timed()
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirst();
  const count = Number(counted?.count ?? 0);
  const at = async (p: number) => {
    if (count === 0) return null;
    const { below, above, weight } = ranksOf(count, p);
    const rows = await timed()
      .select('f.to_complete_ms')
      .orderBy('f.to_complete_ms')
      .limit(above - below + 1)
      .offset(below)
      .execute();
    const [low, high = low] = rows.map((r) => Number(r.to_complete_ms));
    return low! + (high! - low!) * weight;
  };
  const [median, p90] = await Promise.all([at(0.5), at(0.9)]);
  return { to_complete: { count, median_ms: median, p90_ms: p90 }, to_first_signature: null };
}
