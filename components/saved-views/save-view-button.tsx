'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { describeViewQuery } from '@/lib/saved-views/describe';
import type { SavedViewList } from '@/lib/saved-views/schemas';
import type { ListParams } from '../list/use-list-params';
import { Button } from '../ui/button';
import { openedLazily } from '../ui/opened-lazily';
import type { SaveViewDialogProps } from './save-view-dialog';

// Its form (react-hook-form, the dialog) loads when it first opens, not with the list.
const SaveViewDialog = openedLazily(
  dynamic<SaveViewDialogProps>(() => import('./save-view-dialog').then((m) => m.SaveViewDialog), { ssr: false }),
);

/** A list's filters (its URL's, page and size aside) and the name they suggest, for SaveViewButton. */
export function viewOf(list: SavedViewList, params: ListParams): { query: string; suggestion: string } {
  const kept = new URLSearchParams();
  if (params.q) kept.set('q', params.q);
  for (const [name, value] of Object.entries(params.filters)) if (value) kept.set(name, value);
  const query = kept.toString();
  return { query, suggestion: describeViewQuery(list, query) };
}

/** "Save this view": keeps the list's current filters under a name, listed on the user's home. */
export function SaveViewButton({ list, query, suggestion }: { list: SavedViewList; query: string; suggestion: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Save this view
      </Button>
      <SaveViewDialog open={open} onOpenChange={setOpen} list={list} query={query} suggestion={suggestion} />
    </>
  );
}
