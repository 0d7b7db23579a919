'use client';

import type { Pagination } from '@/lib/list/schemas';
import { Button } from '../ui/button';
import { Select } from '../ui/field';
import { PAGE_SIZES } from './use-list-params';
import { pagerText } from '@/lib/list/pager-text';

export function PaginationBar({
  pagination,
  update,
}: {
  pagination: Pagination;
  update(patch: Record<string, string | number | null>): void;
}) {
  const { page, size, total, pages } = pagination;
  const last = Math.max(pages, 1);
  // An address past the last page shows no rows: said so, never "Page 5 of 1".
  const past = total > 0 && page > last;
  const said = pagerText(pagination);
  return (
    <nav aria-label="Pagination" className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <p>{said.summary}</p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="page-size" className="whitespace-nowrap text-sm">
          Per page
        </label>
        <div className="w-20 shrink-0">
          <Select id="page-size" value={size} onChange={(e) => update({ size: Number(e.target.value) })}>
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </div>
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => update({ page: past ? last : page - 1 })}>
          Previous
        </Button>
        <span aria-live="polite" className="whitespace-nowrap">
          {said.position}
        </span>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => update({ page: page + 1 })}>
          Next
        </Button>
      </div>
    </nav>
  );
}
