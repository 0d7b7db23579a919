'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import type { SignTemplate } from '@/lib/catalog/schemas';
import type { Page } from '@/lib/list/schemas';
import { Button } from '../../ui/button';
import { QueryState } from '../../ui/query-state';
import { EmptyState, Skeleton } from '../../ui/states';
import { TemplateOption } from './template-option';

interface TemplateResultsProps {
  list: UseQueryResult<Page<SignTemplate>>;
  q: string | undefined;
  chosenId: string | null;
  onChoose(t: SignTemplate): void;
  onClearSearch(): void;
  onFirstPage(): void;
}

/** One page of search results as a radio group, with the loading, failed and empty states. */
export function TemplateResults({ list, q, chosenId, onChoose, onClearSearch, onFirstPage }: TemplateResultsProps) {
  if (list.isPending || list.isError)
    return (
      <QueryState
        query={list}
        skeleton={
          <div role="status" aria-label="Loading templates" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-24 w-full" />
            ))}
          </div>
        }
        errorTitle="The templates could not be loaded"
      />
    );

  const { data, pagination } = list.data;
  if (pagination.total === 0)
    return q ? (
      <EmptyState
        title={`No template matches “${q}”`}
        action={
          <Button variant="secondary" size="sm" onClick={onClearSearch}>
            Clear search
          </Button>
        }
      >
        Try other words, or clear the search to see every template.
      </EmptyState>
    ) : (
      <EmptyState title="No document-sign templates">
        Templates are designed in the platform UI; once one is allowed for this app it appears here.
      </EmptyState>
    );
  // The catalog shrank under the page on screen (or a stale page number): offer the way back.
  if (data.length === 0)
    return (
      <EmptyState
        title="This page is past the end of the results"
        action={
          <Button variant="secondary" size="sm" onClick={onFirstPage}>
            Go to the first page
          </Button>
        }
      />
    );
  return (
    <div
      role="radiogroup"
      aria-label="Templates"
      aria-busy={list.isFetching || undefined}
      className={`grid gap-3 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
    >
      {data.map((t) => (
        <TemplateOption key={t.id} template={t} checked={t.id === chosenId} onChoose={onChoose} />
      ))}
    </div>
  );
}
