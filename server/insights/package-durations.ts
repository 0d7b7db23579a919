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
  // Each send looks up its own two changes (subqueries on status_history's (kind, id, status)
  // index), so the period's sends drive the read: a join left SQLite's planner free to walk
  // every completion ever recorded instead.
  const at = (status: string) =>
    sql<
      string | null
    >`(select min(h.at) from status_history h where h.kind = 'package' and h.id = s.package_id and h.to_status = ${status})`;
  const rows = (
    await sendsBetween(source, period.start, period.end)
      .select(['s.sent_at', at('completed').as('completed_at'), at('queued').as('queued_at')])
      .execute()
  ).filter((r) => r.completed_at !== null);
  const durations = rows
    .map((r) => ms(r.completed_at) - ms(r.queued_at ?? r.sent_at))
    .filter((d) => Number.isFinite(d) && d >= 0);
  return { to_complete: summarise(durations), to_first_signature: null };
}
