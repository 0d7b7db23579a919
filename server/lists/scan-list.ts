import 'server-only';
import type { Page } from '@/lib/list/schemas';

// Narrowing the API gives no filter for (dates) and exports that hold more than one page read
// the API's list themselves, page after page with the same q and filters, up to a bound: the
// cost of one list view or export is capped whatever the size of the app's history.

/** The API's largest page (spec section 4: size ≤ 100). */
export const SCAN_PAGE_SIZE = 100;
/** Pages asked at once after the first (the client's fair queue still orders them). */
const AT_ONCE = 4;

export interface Scan<T> {
  rows: T[];
  /** how many records were read */
  scanned: number;
  /** false when the bound stopped the reading before the list's last page */
  complete: boolean;
}

/** Reads pages 1, 2, … of a list through `read` until its last page or `maxRows` records. */
export async function scanList<T>({
  read,
  maxRows,
}: {
  read: (page: number, size: number) => Promise<Page<T>>;
  maxRows: number;
}): Promise<Scan<T>> {
  const first = await read(1, SCAN_PAGE_SIZE);
  const rows = [...first.data];
  const lastWanted = Math.min(first.pagination.pages, Math.ceil(maxRows / SCAN_PAGE_SIZE));
  for (let page = 2; page <= lastWanted; page += AT_ONCE) {
    const batch = Array.from({ length: Math.min(AT_ONCE, lastWanted - page + 1) }, (_, i) => read(page + i, SCAN_PAGE_SIZE));
    for (const answer of await Promise.all(batch)) rows.push(...answer.data);
  }
  const kept = rows.slice(0, maxRows);
  return { rows: kept, scanned: kept.length, complete: lastWanted >= first.pagination.pages && rows.length <= maxRows };
}

/** One page of rows the console filtered itself, with the list's usual pagination. */
export function pageOfRows<T>(rows: readonly T[], page: number, size: number): Page<T> {
  const pages = Math.ceil(rows.length / size);
  return { data: rows.slice((page - 1) * size, page * size), pagination: { page, size, total: rows.length, pages } };
}
