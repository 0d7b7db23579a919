import 'server-only';
import { sql } from 'kysely';
import { countsPerBucket } from './bucket-case';
import type { Period } from './period';
import { sentFactsBetween, type FigureSource } from './sends';

/**
 * Packages sent per day (or week) of the period, in the viewer's days: one count per bucket, each
 * a range of package_facts_sent (its condition, from_console, named so the count may use it),
 * in one statement. One CASE over a year of sends tested every bucket's bounds on every row.
 */
export async function packagesSent(source: FigureSource, period: Period) {
  const counts = period.buckets.map((b, i) =>
    sentFactsBetween(source, b.start, b.end)
      .where('f.from_console', '=', 1)
      .select([sql.lit(i).as('bucket'), sql<number>`count(*)`.as('count')]),
  );
  const [first, ...rest] = counts;
  const rows = first ? await rest.reduce((all, q) => all.unionAll(q), first).execute() : [];
  return countsPerBucket(period.buckets, rows);
}
