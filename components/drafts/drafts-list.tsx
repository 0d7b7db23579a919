'use client';

import { When } from '../ui/when';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import type { Route } from 'next';
import { useMemo } from 'react';
import type { DraftLike, DraftLister } from '@/lib/drafts/draft-api';
import { ListView } from '../list/list-view';
import { useListParams } from '../list/use-list-params';
import { LinkButton } from '../ui/link-button';
import { DeleteDraftButton } from './delete-draft-button';

export interface DraftSummary extends DraftLike {
  label: string;
}

export interface DraftsListProps<S extends DraftSummary> {
  /** lists and deletes only: any kind's create and update bodies will do */
  resource: DraftLister<S>;
  caption: string;
  /** what the draft is of: a template's or a workflow's name */
  subjectOf(draft: S): string;
  resumeHref(id: string): string;
  /** what a deleted draft had not done yet: "sent", "submitted" */
  notYet: string;
  empty: { body: string; action: { href: string; label: string } };
}

/**
 * The signed-in user's drafts of one kind, most recently saved first. A draft sent or deleted
 * in another tab may still be listed until the next read: resuming it says so, deleting it
 * just drops it. The subject sits under the label rather than in a column of its own, so on a
 * phone the actions stay on screen beside them.
 */
export function DraftsList<S extends DraftSummary>({
  resource,
  caption,
  subjectOf,
  resumeHref,
  notYet,
  empty,
}: DraftsListProps<S>) {
  const { params, update } = useListParams();
  const query = useQuery(resource.listQuery({ page: params.page, size: params.size }));
  const columns = useMemo<ColumnDef<S, unknown>[]>(
    () => [
      {
        header: 'Draft',
        cell: ({ row }) => (
          <>
            <span className="block font-medium text-slate-900">{row.original.label}</span>
            <span className="block text-xs text-slate-600">{subjectOf(row.original)}</span>
          </>
        ),
      },
      { header: 'Last saved', cell: ({ row }) => <When at={row.original.updated_at} /> },
      {
        header: 'Actions',
        cell: ({ row }) => (
          <span className="flex flex-wrap items-center gap-1">
            <Link
              href={resumeHref(row.original.id) as Route}
              aria-label={`Resume draft ${row.original.label}`}
              className="rounded-md px-2.5 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
            >
              Resume
            </Link>
            <DeleteDraftButton resource={resource} draft={row.original} subject={subjectOf(row.original)} notYet={notYet} />
          </span>
        ),
      },
    ],
    [resource, subjectOf, resumeHref, notYet],
  );
  return (
    <ListView
      query={query}
      columns={columns}
      caption={caption}
      update={update}
      filtered={false}
      empty={{
        title: 'No drafts',
        body: empty.body,
        action: <LinkButton href={empty.action.href as Route}>{empty.action.label}</LinkButton>,
      }}
    />
  );
}
