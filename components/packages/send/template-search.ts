import type { Pagination } from '@/lib/list/schemas';

// The picker searches and pages on the server, so a catalog of any size stays reachable.

/** The API's smallest page (sizes are 25, 50 or 100): short enough to scan, one request per page. */
export const PICKER_PAGE_SIZE = 25;
export const MAX_SEARCH_LENGTH = 100;
/** Typing pauses this long before the search is sent. */
export const SEARCH_DELAY_MS = 300;

/** What the search box sends as `q`: trimmed, undefined for "everything", null when too long to send. */
export function searchTerm(text: string): string | undefined | null {
  const t = text.trim();
  if (t.length > MAX_SEARCH_LENGTH) return null;
  return t === '' ? undefined : t;
}

/** The result count above the options: "30 templates · showing 1–25", "1 template matches “nda”". */
export function resultSummary(q: string | undefined, { page, size, total, pages }: Pagination): string {
  if (total === 0) return 'No results';
  const count = `${total} template${total === 1 ? '' : 's'}`;
  const head = q ? `${count} match${total === 1 ? 'es' : ''} “${q}”` : count;
  if (pages <= 1) return head;
  const from = Math.min(total, (page - 1) * size + 1);
  const to = Math.min(total, page * size);
  return `${head} · showing ${from}–${to}`;
}
