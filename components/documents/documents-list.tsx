'use client';

import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { useMemo } from 'react';
import { formatBytes, formatDate } from '@/lib/format';
import { documentListQuery } from '@/lib/documents/queries';
import { LOGICAL_PURPOSES, type LogicalPurpose } from '@/lib/documents/limits';
import type { DocumentItem } from '@/lib/documents/schemas';
import { ListToolbar } from '../list/list-toolbar';
import { ListView } from '../list/list-view';
import { useListParams } from '../list/use-list-params';
import { Badge } from '../ui/states';
import { Button } from '../ui/button';
import { DeleteDocumentButton } from './delete-document-button';
import { deletionBlock, PURPOSES, purposeLabel } from './document-facts';
import { documentsPath } from '@/lib/documents/paths';
import { useTeamFilter } from '../teams/team-filter';

const FILTERS = ['logical_purpose', 'team'] as const;

const baseColumns: ColumnDef<DocumentItem, unknown>[] = [
  {
    header: 'Name',
    cell: ({ row }) => (
      <div className="max-w-xs">
        <Link href={documentsPath(row.original.id)} className="break-words font-medium text-brand-700 hover:underline">
          {row.original.name}
        </Link>
        <code className="mt-0.5 block truncate text-xs text-slate-600">{row.original.id}</code>
      </div>
    ),
  },
  {
    header: 'Purpose',
    cell: ({ row }) => (
      <Badge tone={row.original.logical_purpose === 'SIGNATURE_TARGET' ? 'blue' : 'gray'}>
        {purposeLabel(row.original.logical_purpose)}
      </Badge>
    ),
  },
  { header: 'Pages', cell: ({ row }) => <span className="tabular-nums">{row.original.page_count ?? '—'}</span> },
  {
    header: 'Size',
    cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatBytes(row.original.size_bytes)}</span>,
  },
  {
    header: 'Status',
    cell: ({ row }) => {
      const doc = row.original;
      if (doc.protected) return <Badge tone="amber">Protected</Badge>;
      if (doc.references.length > 0) return <Badge tone="amber">In use</Badge>;
      return <Badge tone="green">Available</Badge>;
    },
  },
  { header: 'Created', cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.created_at)}</span> },
];

const actionsColumn: ColumnDef<DocumentItem, unknown> = {
  id: 'actions',
  header: () => <span className="sr-only">Actions</span>,
  cell: ({ row }) => <DeleteDocumentButton doc={row.original} />,
};

interface Props {
  canWrite: boolean;
  /** opens the upload panel; absent while it is open */
  onUploadClick?: () => void;
  /** an upload is under way: an empty list is about to have its first document */
  uploading?: boolean;
  /** an admin (who sees every team's documents) filters them by team, or to those of no team */
  admin?: boolean;
}

/** The app's documents: search, purpose filter and paging in the URL; delete for writers. */
export function DocumentsList({ canWrite, onUploadClick, uploading = false, admin = false }: Props) {
  const { params, update } = useListParams(FILTERS);
  const teamFilter = useTeamFilter(admin);
  const team = (teamFilter && params.filters.team) || undefined;
  const purpose = (LOGICAL_PURPOSES as readonly string[]).includes(params.filters.logical_purpose ?? '')
    ? (params.filters.logical_purpose as LogicalPurpose)
    : undefined;
  const query = useQuery(
    documentListQuery({ page: params.page, size: params.size, q: params.q || undefined, logical_purpose: purpose, team }),
  );
  const columns = useMemo(() => (canWrite ? [...baseColumns, actionsColumn] : baseColumns), [canWrite]);
  const blocked = query.data?.data.filter((d) => deletionBlock(d)).length ?? 0;
  return (
    <>
      <ListToolbar
        params={params}
        update={update}
        searchLabel="Search documents"
        filters={[
          {
            name: 'logical_purpose',
            label: 'Purpose',
            options: LOGICAL_PURPOSES.map((p) => ({ value: p, label: PURPOSES[p].label })),
          },
          ...(teamFilter ? [teamFilter] : []),
        ]}
      />
      {canWrite && blocked > 0 && (
        <p className="mb-2 text-xs text-slate-600">
          Protected and in-use documents cannot be deleted: open one to see what holds it.
        </p>
      )}
      <ListView
        query={query}
        columns={columns}
        caption="Documents"
        update={update}
        filterNames={FILTERS}
        filtered={Boolean(params.q || purpose || team)}
        empty={
          uploading
            ? { title: 'Your first upload is on its way', body: 'It is listed here as soon as the Signing API has stored it.' }
            : {
                title: 'No documents yet',
                body: canWrite
                  ? 'Upload a PDF (up to 25 MB and 200 pages) to attach it to approval requests or lay out signature fields on it.'
                  : 'Operators and admins upload PDFs; they will be listed here.',
                action: canWrite && onUploadClick ? <Button onClick={onUploadClick}>Upload a PDF</Button> : undefined,
              }
        }
      />
    </>
  );
}
