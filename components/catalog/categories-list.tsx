'use client';

import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { catalogListQuery } from '@/lib/catalog/queries';
import type { Category } from '@/lib/catalog/schemas';
import { statusOptions } from '@/lib/status-labels';
import { ListToolbar } from '../list/list-toolbar';
import { ListView } from '../list/list-view';
import { useListParams } from '../list/use-list-params';
import { createdColumn, idColumn, nameColumn, statusColumn } from './columns';

const FILTERS = ['status'] as const;

const columns: ColumnDef<Category, unknown>[] = [
  nameColumn('categories'),
  statusColumn(),
  createdColumn(),
  idColumn('category id'),
];

/** The model list page: search, status filter, paging and size, all in the URL. */
export function CategoriesList({ canCreate = false }: { canCreate?: boolean }) {
  const { params, update } = useListParams(FILTERS);
  const query = useQuery(
    catalogListQuery('categories', {
      page: params.page,
      size: params.size,
      q: params.q || undefined,
      status: params.filters.status || undefined,
    }),
  );
  return (
    <>
      <ListToolbar
        params={params}
        update={update}
        searchLabel="Search categories"
        filters={[{ name: 'status', label: 'Status', options: statusOptions('catalog', ['active', 'archived']) }]}
      />
      <ListView
        query={query}
        columns={columns}
        caption="Categories"
        update={update}
        filtered={Boolean(params.q || params.filters.status)}
        empty={{
          title: 'No categories yet',
          body: canCreate ? 'Create the first one with “New category”.' : 'An admin can create the first category.',
        }}
      />
    </>
  );
}
