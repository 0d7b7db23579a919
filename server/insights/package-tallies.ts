import 'server-only';
import { sql } from 'kysely';
import type { Period } from './period';
import { sentFactsBetween, type FigureSource } from './sends';

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
 * One pass over the period's sends (their facts, each with what the watcher last saw of it): the
 * outcome mix, the templates' losses, the filters' options and what was not seen are all
 * sums of these groups, so a year of sends is read once, not once per figure.
 */
export async function packageTallies(source: FigureSource, period: Period): Promise<PackageTallies> {
  const first = await source.db
    .selectFrom('status_history')
    .select(sql<string | null>`min(recorded_at)`.as('since'))
    .executeTakeFirst();
  const since = first?.since ?? null;
  // Grouped in the order of package_facts_tally, so the groups stream out of the index unsorted;
  // how many of each group were sent before the watcher began is a sum beside its count.
  const before = since ? sql<number>`sum(case when f.sent_at < ${since} then 1 else 0 end)` : sql<number>`count(*)`;
  const groups = await sentFactsBetween(source, period.start, period.end)
    .select([
      'f.template_id',
      sql<string | null>`max(f.template_name)`.as('template_name'),
      'f.user_id',
      'f.status',
      before.as('before_watcher'),
      sql<number>`count(*)`.as('count'),
    ])
    .groupBy(['f.status', 'f.template_id', 'f.user_id'])
    .execute();
  // a sent package's facts hold its send record's template and sender, never null
  const rows = groups.flatMap((g) => {
    const key = { template_id: g.template_id!, template_name: g.template_name, user_id: g.user_id!, status: g.status };
    const earlier = Number(g.before_watcher);
    const later = Number(g.count) - earlier;
    return [
      ...(earlier > 0 ? [{ ...key, before_watcher: true, count: earlier }] : []),
      ...(later > 0 ? [{ ...key, before_watcher: false, count: later }] : []),
    ];
  });
  return { watcherSince: since, rows };
}
