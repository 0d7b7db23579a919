import type { Pagination } from './schemas.ts';

/**
 * What the pager says: the rows shown, and where this page is. An address past the last page
 * (a bookmark, a list that shrank) shows no rows, and is said so rather than "Page 5 of 1".
 */
export function pagerText({ page, size, total, pages }: Pick<Pagination, 'page' | 'size' | 'total' | 'pages'>) {
  const last = Math.max(pages, 1);
  if (total === 0) return { summary: 'No results', position: `Page ${Math.min(page, last)} of ${last}` };
  if (page > last)
    return {
      summary: `Nothing on page ${page}: ${total} in all, on ${last === 1 ? '1 page' : `${last} pages`}`,
      position: `Past the last page (${last})`,
    };
  return {
    summary: `Showing ${(page - 1) * size + 1}–${Math.min(total, page * size)} of ${total}`,
    position: `Page ${page} of ${last}`,
  };
}
