import 'server-only';
import { sql } from 'kysely';
import type { Period } from './period';
import { sendsBetween, type FigureSource } from './sends';

/** The packages sent in the period, counted by template, sender, status now and whether sent before the watcher began. */
export interface PackageTallies {
  /** the first change the watcher recorded; null: none yet */
  watcherSince: string | null;
  rows: {
    template_id: string;
    template_name: string | null;
    user_id: string;
    /** as the watcher last saw it; null: not seen yet */
    status: string | null;
    before_watcher: boolean;
    count: number;
  }[];
}

/**
 * One pass over the period's sends (each joined to what the watcher last saw of it): the
 * outcome mix, the templates' losses, the filters' options and what was not seen are all
 * sums of these groups, so a year of sends is read once, not once per figure.
 */
export async function packageTallies(source: FigureSource, period: Period): Promise<PackageTallies> {
  const first = await source.db
    .selectFrom('status_history')
    .select(sql<string | null>`min(recorded_at)`.as('since'))
    .executeTakeFirst();
  const since = first?.since ?? null;
  const before = since ? sql<number>`case when s.sent_at < ${since} then 1 else 0 end` : sql<number>`1`;
  const rows = await sendsBetween(source, period.start, period.end)
    .leftJoin('watched_records as w', (j) => j.on('w.kind', '=', 'package').onRef('w.id', '=', 's.package_id'))
    .select([
      's.template_id',
      sql<string | null>`max(s.template_name)`.as('template_name'),
      's.user_id',
      'w.last_status as status',
      before.as('before_watcher'),
      sql<number>`count(*)`.as('count'),
    ])
    .groupBy(['s.template_id', 's.user_id', 'w.last_status', sql`5`])
    .execute();
  return {
    watcherSince: since,
    rows: rows.map((r) => ({ ...r, before_watcher: Number(r.before_watcher) === 1, count: Number(r.count) })),
  };
}
