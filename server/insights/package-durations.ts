import 'server-only';
import { sql } from 'kysely';
import type { Period } from './period';
import { summarise } from './percentiles';
import { sendsBetween, type FigureSource } from './sends';

const ms = (iso: string | null) => (iso ? Date.parse(iso) : Number.NaN);

/**
 * How long the packages sent in the period took to complete: from the API's time of their
 * queued status (the console's own send time where the watcher did not see it queued) to the
 * API's time of their completion, median and 90th percentile. The time to the first signature
 * is not here: a package's statuses do not change at a signature, and the console keeps no
 * signer's history, so it does not know it.
 */
export async function packageDurations(source: FigureSource, period: Period) {
  const rows = await sendsBetween(source, period.start, period.end)
    .innerJoin('status_history as done', (j) =>
      j.on('done.kind', '=', 'package').onRef('done.id', '=', 's.package_id').on('done.to_status', '=', 'completed'),
    )
    .select([
      's.sent_at',
      'done.at as completed_at',
      sql<
        string | null
      >`(select min(q.at) from status_history q where q.kind = 'package' and q.id = s.package_id and q.to_status = 'queued')`.as(
        'queued_at',
      ),
    ])
    .execute();
  const durations = rows
    .map((r) => ms(r.completed_at) - ms(r.queued_at ?? r.sent_at))
    .filter((d) => Number.isFinite(d) && d >= 0);
  return { to_complete: summarise(durations), to_first_signature: null };
}
