import 'server-only';
import { sql } from 'kysely';
import { bucketIndex, countsPerBucket } from './bucket-case';
import type { Period } from './period';
import { sendsBetween, type FigureSource } from './sends';

/** Packages sent per day (or week) of the period, in the viewer's days. */
export async function packagesSent(source: FigureSource, period: Period) {
  const bucket = bucketIndex('s.sent_at', period.buckets);
  const rows = await sendsBetween(source, period.start, period.end)
    .select([bucket.as('bucket'), sql<number>`count(*)`.as('count')])
    .groupBy(sql`1`)
    .execute();
  return countsPerBucket(period.buckets, rows);
}
