'use client';

import type { ColumnDef } from '@tanstack/react-table';
import type { Category } from '@/lib/catalog/schemas';
import { statusOptions } from '@/lib/status-labels';
import type { FilterDef } from '../list/list-toolbar';
import { CatalogList } from './catalog-list';
import { createdColumn, idColumn, nameColumn, statusColumn } from './columns';

const FILTERS: FilterDef[] = [{ name: 'status', label: 'Status', options: statusOptions('catalog', ['active', 'archived']) }];

const columns: ColumnDef<Category, unknown>[] = [
  nameColumn('categories'),
  statusColumn(),
  createdColumn(),
  idColumn('category id'),
];

/** The model list page: search, status filter, paging and size, all in the URL. */
export function CategoriesList({ canCreate = false }: { canCreate?: boolean }) {
  return (
    <CatalogList
      kind="categories"
      columns={columns}
      filters={FILTERS}
      empty={{
        title: 'No categories yet',
        body: canCreate ? 'Create the first one with “New category”.' : 'An admin can create the first category.',
      }}
    />
  );
}
