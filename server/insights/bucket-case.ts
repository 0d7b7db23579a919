import 'server-only';
import type { Bucket } from './period';

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
