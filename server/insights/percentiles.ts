import 'server-only';

/**
 * The p-th percentile (0..1) of `values`, interpolated between the two nearest ranks (as
 * PostgreSQL's percentile_cont and a spreadsheet's PERCENTILE.INC): the median of 1, 2, 3, 10 is
 * 2.5. Null for no values: an empty period has no median, not a median of 0. `ascending`: the
 * values are already sorted (a database sorted them), so they are not sorted again.
 */
export function percentile(values: readonly number[], p: number, ascending = false): number | null {
  if (values.length === 0) return null;
  const sorted = ascending ? values : [...values].sort((a, b) => a - b);
  const { below, above, weight } = ranksOf(sorted.length, p);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * weight;
}

/**
 * Where the p-th percentile of `count` sorted values lies: between the values of rank `below`
 * and `above` (0-based), `weight` of the way. A reader that can fetch a rank alone (a database
 * reading an index in order) needs those two values, not all of them.
 */
export function ranksOf(count: number, p: number) {
  const rank = p * (count - 1);
  const below = Math.floor(rank);
  return { below, above: Math.ceil(rank), weight: rank - below };
}

export interface DurationSummary {
  count: number;
  median_ms: number | null;
  p90_ms: number | null;
}

/** How many durations, their median and 90th percentile; `ascending`: already sorted (a database sorted them). */
export function summarise(durations: readonly number[], ascending = false): DurationSummary {
  const sorted = ascending ? durations : [...durations].sort((a, b) => a - b);
  return { count: sorted.length, median_ms: percentile(sorted, 0.5, true), p90_ms: percentile(sorted, 0.9, true) };
}
