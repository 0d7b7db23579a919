'use client';

import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import type { Route } from 'next';
import { catalogListQuery } from '@/lib/queries/catalog';
import type { Category } from '@/lib/schemas/catalog';
import { ListToolbar } from '../list/list-toolbar';
import { ListView } from '../list/list-view';
import { useListParams } from '../list/use-list-params';
import { StatusBadge } from '../ui/states';
import { formatDate } from '@/lib/format';

const FILTERS = ['status'] as const;

const columns: ColumnDef<Category, unknown>[] = [
  {
    header: 'Name',
    cell: ({ row }) => (
      <Link href={`/catalog/categories/${encodeURIComponent(row.original.id)}` as Route} className="font-medium text-brand-700 hover:underline">
        {row.original.name}
      </Link>
    ),
  },
  { header: 'Description', cell: ({ row }) => <span className="text-slate-700">{row.original.description || '—'}</span> },
  { header: 'Status', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  { header: 'Created', cell: ({ row }) => formatDate(row.original.created_at) },
  { header: 'ID', cell: ({ row }) => <code className="text-xs text-slate-700">{row.original.id}</code> },
];

export function CategoriesList({ actions }: { actions?: React.ReactNode }) {
  const { params, update } = useListParams(FILTERS);
  const query = useQuery(catalogListQuery('categories', { page: params.page, size: params.size, q: params.q || undefined, status: params.filters.status || undefined }));
  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <ListToolbar
          params={params}
          update={update}
          searchLabel="Search categories"
          filters={[{ name: 'status', label: 'Status', options: [{ value: 'active', label: 'Active' }, { value: 'archived', label: 'Archived' }] }]}
        />
        {actions}
      </div>
      <ListView
        query={query}
        columns={columns}
        caption="Categories"
        update={update}
        filtered={Boolean(params.q || params.filters.status)}
        empty={{ title: 'No categories yet', body: 'Admins can create the first category.' }}
      />
    </>
  );
}
