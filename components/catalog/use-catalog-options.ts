'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { catalogListQuery } from '@/lib/catalog/queries';
import { struggleHeadline } from '@/lib/query-retry';

/**
 * Categories, request templates or workflows as filter options (first 100, the API's largest page),
 * plus a name lookup for showing ids as names in tables.
 */
export function useCatalogOptions(kind: 'categories' | 'request-templates' | 'approval-workflows') {
  const query = useQuery({ ...catalogListQuery(kind, { page: 1, size: 100 }), staleTime: 60_000 });
  const { refetch } = query;
  return useMemo(() => {
    const items = query.data?.data ?? [];
    const names = new Map(items.map((item) => [item.id, item.name]));
    const options = items.map((item) => ({
      value: item.id,
      label: item.status === 'archived' ? `${item.name} (archived)` : item.name,
    }));
    // A failed read is said where its options would be, not shown as a list with nothing in it;
    // so is one still being retried (issue 35), since an outage may outlast every attempt by minutes.
    const failed = query.isError && !query.data ? { retry: () => void refetch() } : undefined;
    const struggling =
      !query.data && !query.isError && query.failureCount > 0
        ? { headline: struggleHeadline(query.failureReason), retry: () => void refetch({ cancelRefetch: true }) }
        : undefined;
    return { options, names, loading: query.isPending, failed, struggling };
  }, [query.data, query.isPending, query.isError, query.failureCount, query.failureReason, refetch]);
}

/** Keeps a filter value from the URL selectable even when it is not among the loaded options. */
export function withCurrent(options: { value: string; label: string }[], current: string | undefined) {
  if (!current || options.some((o) => o.value === current)) return options;
  return [...options, { value: current, label: current }];
}
