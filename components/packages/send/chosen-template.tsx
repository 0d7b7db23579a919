'use client';

import type { SignTemplate } from '@/lib/catalog/schemas';
import { Button } from '../../ui/button';
import { ErrorState, Skeleton } from '../../ui/states';
import { describeContents, describeSlots } from './template-facts';

/** The template the send is for, fetched by id: it need not be on the page of results on screen. */
export type ChosenTemplate =
  | { kind: 'none' }
  | { kind: 'loading'; id: string }
  | { kind: 'ready'; template: SignTemplate; reason: string | null }
  | { kind: 'missing'; id: string }
  | { kind: 'failed'; id: string; message: string; retry(): void };

const NOTE = 'rounded-md p-3 text-sm ring-1';

/** "Chosen: X · Change", or why the template asked for (by a link) cannot be used. */
export function ChosenSummary({
  chosen,
  listOpen,
  listId,
  onToggleList,
}: {
  chosen: ChosenTemplate;
  listOpen: boolean;
  listId: string;
  onToggleList(): void;
}) {
  switch (chosen.kind) {
    case 'none':
      return null;
    case 'loading':
      return (
        <div role="status" aria-label="Loading the chosen template" className={`${NOTE} flex flex-col gap-2 ring-slate-200`}>
          <Skeleton className="h-4 w-64 max-w-full" />
          <Skeleton className="h-3 w-80 max-w-full" />
        </div>
      );
    case 'missing':
      return (
        <p className={`${NOTE} bg-amber-50 text-amber-950 ring-amber-600/30`}>
          No template “{chosen.id}” is available to this app: it may have been removed or never allowed for API use. Choose
          another below.
        </p>
      );
    case 'failed':
      return <ErrorState title="The chosen template could not be loaded" message={chosen.message} onRetry={chosen.retry} />;
    case 'ready': {
      const t = chosen.template;
      if (chosen.reason)
        return (
          <p className={`${NOTE} bg-amber-50 text-amber-950 ring-amber-600/30`}>
            <span className="font-medium">{t.name}</span> cannot be used. {chosen.reason} Choose another below.
          </p>
        );
      return (
        <div className={`${NOTE} flex flex-wrap items-start justify-between gap-3 bg-brand-50 ring-brand-600/30`}>
          <div className="min-w-0">
            <p className="text-slate-900">
              Chosen: <span className="font-semibold">{t.name}</span>
            </p>
            <p className="text-xs text-slate-700">{describeSlots(t.slots)}</p>
            <p className="text-xs text-slate-600">{describeContents(t)}</p>
          </div>
          <Button variant="secondary" size="sm" aria-expanded={listOpen} aria-controls={listId} onClick={onToggleList}>
            {listOpen ? 'Hide templates' : 'Change'}
          </Button>
        </div>
      );
    }
  }
}
