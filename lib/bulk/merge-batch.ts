import type { BulkBatchRead } from './schemas.ts';

/**
 * The batch as the page holds it after an answer: a full answer replaces it; an answer of the
 * rows changed since the page's cursor takes the new summary and cursor and puts each changed
 * row in its place, every other row kept as it was (the same objects, so they do not redraw).
 */
export function mergeBatch(held: BulkBatchRead | undefined, answer: BulkBatchRead): BulkBatchRead {
  if (answer.full || !held) return answer;
  const changed = new Map(answer.rows.map((r) => [r.position, r]));
  return { ...answer, full: true, rows: changed.size === 0 ? held.rows : held.rows.map((r) => changed.get(r.position) ?? r) };
}
