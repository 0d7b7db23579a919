'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';

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

  const update = useCallback(
    (patch: Partial<Record<'page' | 'size' | 'q' | string, string | number | null>>) => {
      const next = new URLSearchParams(search.toString());
      for (const [key, value] of Object.entries(patch)) {
        if (value === null || value === '' || value === undefined) next.delete(key);
        else next.set(key, String(value));
      }
      if (!('page' in patch)) next.delete('page');
      if (next.get('size') === '25') next.delete('size');
      if (next.get('page') === '1') next.delete('page');
      const text = next.toString();
      router.replace(`${pathname}${text ? `?${text}` : ''}` as Parameters<typeof router.replace>[0], { scroll: false });
    },
    [search, router, pathname],
  );
  return { params, update };
}
