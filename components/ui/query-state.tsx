'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import type { ConsoleApiError } from '@/lib/api-error';
import { isNotFound } from './is-not-found';
import { QueryPending } from './query-pending';
import { ErrorState } from './states';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** the placeholder while the first load is on its way */
  skeleton: React.ReactNode;
  /** the error's heading */
  errorTitle?: string;
  /** what a 404 shows instead of the error; without it a 404 is an error like any other */
  notFound?: (error: ConsoleApiError) => React.ReactNode;
  /** the data's rendering; without it, nothing once the data is there (the caller renders it) */
  children?(data: T): React.ReactNode;
}

/**
 * A load's states: the skeleton (with how the load is faring, QueryPending), not found, the
 * error with "Try again", then the data.
 */
export function QueryState<T>({ query, skeleton, errorTitle, notFound, children }: QueryStateProps<T>) {
  if (query.isPending) return <QueryPending query={query}>{skeleton}</QueryPending>;
  if (query.isError) {
    if (notFound && isNotFound(query.error)) return notFound(query.error);
    return <ErrorState title={errorTitle} message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  return children?.(query.data) ?? null;
}
