'use client';

import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { catalogListQuery } from '@/lib/catalog/queries';
import type { RequestTemplate } from '@/lib/catalog/schemas';
import { ListToolbar } from '../list/list-toolbar';
import { ListView } from '../list/list-view';
import { useListParams } from '../list/use-list-params';
import { idColumn, nameColumn, statusColumn } from './columns';
import { ItemLink } from './item-link';
import { useCatalogOptions } from './use-catalog-options';

const NO_FILTERS: readonly string[] = [];

export function RequestTemplatesList() {
  const { params, update } = useListParams(NO_FILTERS);
  const query = useQuery(
    catalogListQuery('request-templates', { page: params.page, size: params.size, q: params.q || undefined }),
  );
  const { names } = useCatalogOptions('categories');
  const columns = useMemo<ColumnDef<RequestTemplate, unknown>[]>(
    () => [
      nameColumn('request-templates'),
      {
        id: 'category',
        header: 'Category',
        cell: ({ row }) => (
          <ItemLink kind="categories" id={row.original.category_id} name={names.get(row.original.category_id ?? '')} />
        ),
      },
      { id: 'form_version', header: 'Form version', cell: ({ row }) => row.original.form_version ?? '—' },
      statusColumn(),
      idColumn('request template id'),
    ],
    [names],
  );
  return (
    <>
      <ListToolbar params={params} update={update} searchLabel="Search request templates" />
      <ListView
        query={query}
        columns={columns}
        caption="Request templates"
        update={update}
        filtered={Boolean(params.q)}
        empty={{
          title: 'No request templates are available',
          body: 'Request templates are built in the platform’s Form Builder. Ask a platform administrator to allow one for this app.',
        }}
      />
    </>
  );
}
