'use client';

import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import type { Route } from 'next';
import { formatDateTime } from '@/lib/format';
import { packageDraftsQuery } from '@/lib/package-drafts/queries';
import type { PackageDraftSummary } from '@/lib/package-drafts/schemas';
import { ListView } from '../../list/list-view';
import { useListParams } from '../../list/use-list-params';
import { LinkButton } from '../../ui/link-button';
import { DeleteDraftButton } from './delete-draft-button';

const resumeHref = (id: string) => `/packages/new?draft=${encodeURIComponent(id)}` as Route;

// The template sits under the label rather than in a column of its own, so on a phone the
// actions stay on screen beside them.
const columns: ColumnDef<PackageDraftSummary, unknown>[] = [
  {
    header: 'Draft',
    cell: ({ row }) => (
      <>
        <span className="block font-medium text-slate-900">{row.original.label}</span>
        <span className="block text-xs text-slate-600">{row.original.template_name ?? row.original.template_id}</span>
      </>
    ),
  },
  { header: 'Last saved', cell: ({ row }) => formatDateTime(row.original.updated_at) },
  {
    header: 'Actions',
    cell: ({ row }) => (
      <span className="flex flex-wrap items-center gap-1">
        <Link
          href={resumeHref(row.original.id)}
          aria-label={`Resume draft ${row.original.label}`}
          className="rounded-md px-2.5 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          Resume
        </Link>
        <DeleteDraftButton draft={row.original} />
      </span>
    ),
  },
];

/**
 * The signed-in sender's drafts, most recently saved first. A draft sent or deleted in another
 * tab may still be listed until the next read: resuming it says so, deleting it just drops it.
 */
export function DraftsList() {
  const { params, update } = useListParams();
  const query = useQuery(packageDraftsQuery({ page: params.page, size: params.size }));
  return (
    <ListView
      query={query}
      columns={columns}
      caption="Package drafts"
      update={update}
      filtered={false}
      empty={{
        title: 'No drafts',
        body: '“Save draft” on the send form keeps a package you are preparing, to finish and send later.',
        action: <LinkButton href="/packages/new">Send a package</LinkButton>,
      }}
    />
  );
}
