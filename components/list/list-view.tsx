'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { Page } from '@/lib/list/schemas';
import { QueryState } from '../ui/query-state';
import { EmptyState, TableSkeleton } from '../ui/states';
import { DataTable } from './data-table';
import { PaginationBar } from './pagination-bar';

interface ListViewProps<T> {
  query: UseQueryResult<Page<T>>;
  columns: ColumnDef<T, unknown>[];
  caption: string;
  update(patch: Record<string, string | number | null>): void;
  /** what to show when nothing matches: says what to do next */
  empty: { title: string; body?: React.ReactNode; action?: React.ReactNode };
  filtered: boolean;
  /** the filter names "Clear search and filters" resets besides q (default: status) */
  filterNames?: readonly string[];
}

/** The states every list has: loading, error with retry, empty, rows with total and paging. */
export function ListView<T>({ query, columns, caption, update, empty, filtered, filterNames = ['status'] }: ListViewProps<T>) {
  if (query.isPending || query.isError) {
    return <QueryState query={query} skeleton={<TableSkeleton columns={Math.min(columns.length, 5)} />} />;
  }
  const { data, pagination } = query.data;
  if (pagination.total === 0) {
    return filtered ? (
      <EmptyState
        title="Nothing matches these filters"
        action={
          <button
            className="text-sm font-medium text-brand-700 underline"
            onClick={() => update({ q: null, page: null, ...Object.fromEntries(filterNames.map((f) => [f, null])) })}
          >
            Clear search and filters
          </button>
        }
      >
        Try another search term or remove a filter.
      </EmptyState>
    ) : (
      <EmptyState title={empty.title} action={empty.action} help>
        {empty.body}
      </EmptyState>
    );
  }
  return (
    <div aria-busy={query.isFetching}>
      {data.length === 0 ? (
        <EmptyState
          title={`Page ${pagination.page} is past the end`}
          action={
            <button
              className="text-sm font-medium text-brand-700 underline"
              onClick={() => update({ page: pagination.pages > 1 ? pagination.pages : null })}
            >
              Go to the last page
            </button>
          }
        >
          {`There ${pagination.total === 1 ? 'is 1 match' : `are ${pagination.total} matches`}, on ${pagination.pages === 1 ? '1 page' : `${pagination.pages} pages`}.`}
        </EmptyState>
      ) : (
        <DataTable columns={columns} data={data} caption={caption} />
      )}
      <PaginationBar pagination={pagination} update={update} />
    </div>
  );
}
