'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef } from 'react';

export const PAGE_SIZES = [25, 50, 100] as const;

export interface ListParams {
  page: number;
  size: number;
  q: string;
  filters: Record<string, string>;
}

/**
 * List state lives in the URL (page, size, q, filters), so a copied link reproduces the view.
 * Changing anything but the page returns to page 1.
 */
export function useListParams(filterNames: readonly string[] = []) {
  const search = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const params = useMemo<ListParams>(() => {
    const page = Number(search.get('page'));
    const size = Number(search.get('size'));
    return {
      page: Number.isInteger(page) && page >= 1 ? page : 1,
      size: (PAGE_SIZES as readonly number[]).includes(size) ? size : 25,
      q: (search.get('q') ?? '').slice(0, 100),
      filters: Object.fromEntries(filterNames.map((f) => [f, search.get(f) ?? ''])),
    };
  }, [search, filterNames]);

  // Changes made before the URL has caught up with the previous one build on that one, so
  // two quick edits (from, then to) both land instead of the second undoing the first. A
  // pending URL older than a second is ignored (the user may have gone back meanwhile).
  const pending = useRef<{ text: string; at: number } | null>(null);
  useEffect(() => {
    if (pending.current?.text === search.toString()) pending.current = null;
  }, [search]);

  const update = useCallback(
    (patch: Partial<Record<'page' | 'size' | 'q' | string, string | number | null>>) => {
      const fresh = pending.current && Date.now() - pending.current.at < 1000 ? pending.current.text : null;
      const next = new URLSearchParams(fresh ?? search.toString());
      for (const [key, value] of Object.entries(patch)) {
        if (value === null || value === '' || value === undefined) next.delete(key);
        else next.set(key, String(value));
      }
      if (!('page' in patch)) next.delete('page');
      if (next.get('size') === '25') next.delete('size');
      if (next.get('page') === '1') next.delete('page');
      const text = next.toString();
      pending.current = { text, at: Date.now() };
      router.replace(`${pathname}${text ? `?${text}` : ''}` as Parameters<typeof router.replace>[0], { scroll: false });
    },
    [search, router, pathname],
  );
  return { params, update };
}
