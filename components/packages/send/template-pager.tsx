'use client';

import type { Pagination } from '@/lib/list/schemas';
import { Button } from '../../ui/button';

/** Previous / Next through the results. Pages rather than "show more": the form sits below, and a list that only grows pushes it ever further down. */
export function TemplatePager({ pagination, onPage }: { pagination: Pagination; onPage(page: number): void }) {
  const { page, pages } = pagination;
  if (pages <= 1) return null;
  return (
    <nav aria-label="Template pages" className="flex items-center justify-end gap-2 text-sm text-slate-700">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="whitespace-nowrap">
        Page {Math.min(page, pages)} of {pages}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
