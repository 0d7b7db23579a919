import 'server-only';
import { sql, type RawBuilder } from 'kysely';
import type { Bucket } from './period';

/**
 * The bucket index of an instant column, in SQL: the buckets' bounds are instants worked out
 * in the viewer's time zone (period.ts), so the database compares ISO text and needs no zone of
 * its own (SQLite has none). Null outside every bucket.
 */
export function bucketIndex(column: string, buckets: readonly Bucket[]): RawBuilder<number | null> {
  if (buckets.length === 0) return sql<null>`null`;
  const arms = buckets.map((b, i) => sql`when ${sql.ref(column)} >= ${b.start} and ${sql.ref(column)} < ${b.end} then ${i}`);
  return sql<number | null>`case ${sql.join(arms, sql` `)} else null end`;
}

/** One count per bucket, from the rows a grouped query answered (bucket index, count); absent buckets count 0. */
export function countsPerBucket(
  buckets: readonly Bucket[],
  rows: readonly { bucket: number | string | null; count: number | string | bigint }[],
) {
  const counts = buckets.map(() => 0);
  for (const row of rows) {
    if (row.bucket === null) continue;
    const i = Number(row.bucket);
    if (i >= 0 && i < counts.length) counts[i] = Number(row.count);
  }
  return buckets.map((b, i) => ({ from: b.from, to: b.to, count: counts[i]! }));
}
