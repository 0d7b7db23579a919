'use client';

import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import type { Route } from 'next';
import { qs } from '@/lib/api-client';
import { catalogListQuery } from '@/lib/catalog/queries';
import type { Workflow } from '@/lib/catalog/schemas';
import { DataTable } from '../list/data-table';
import { CopyId } from '../ui/copy-id';
import { QueryState } from '../ui/query-state';
import { TableSkeleton } from '../ui/states';
import { nameColumn, statusColumn } from './columns';
import { Card } from '../ui/card';

const columns: ColumnDef<Workflow, unknown>[] = [
  nameColumn('approval-workflows', false),
  {
    id: 'release',
    header: 'Current release',
    cell: ({ row }) => <CopyId value={row.original.workflow_release_id} label="workflow release id" />,
  },
  statusColumn(),
];

/** The first workflows filed under a category or built on a request template, with a link to the full filtered list. */
export function RelatedWorkflows({
  filter,
  subject,
}: {
  filter: { category_id: string } | { request_template_id: string };
  subject: string;
}) {
  const query = useQuery(catalogListQuery('approval-workflows', { page: 1, size: 25, ...filter }));
  if (query.isPending || query.isError) return <QueryState query={query} skeleton={<TableSkeleton rows={3} columns={3} />} />;
  const { data, pagination } = query.data;
  if (pagination.total === 0)
    return (
      <Card as="p" className="px-4 py-3 text-sm text-slate-700">
        No approval workflow uses {subject}.
      </Card>
    );
  return (
    <>
      <DataTable columns={columns} data={data} caption={`Approval workflows of ${subject}`} />
      <p className="mt-2 text-sm text-slate-700">
        {pagination.total} workflow{pagination.total === 1 ? '' : 's'} ·{' '}
        <Link href={`/catalog/approval-workflows${qs(filter)}` as Route} className="font-medium text-brand-700 hover:underline">
          Open in the workflows list
        </Link>
      </p>
    </>
  );
}
