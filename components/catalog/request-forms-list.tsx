'use client';

import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { catalogListQuery } from '@/lib/catalog/queries';
import type { RequestForm } from '@/lib/catalog/schemas';
import { ListToolbar } from '../list/list-toolbar';
import { ListView } from '../list/list-view';
import { useListParams } from '../list/use-list-params';
import { idColumn, nameColumn, statusColumn } from './columns';
import { ItemLink } from './item-link';
import { useCatalogOptions } from './use-catalog-options';

const NO_FILTERS: readonly string[] = [];

export function RequestFormsList() {
  const { params, update } = useListParams(NO_FILTERS);
  const query = useQuery(catalogListQuery('request-forms', { page: params.page, size: params.size, q: params.q || undefined }));
  const { names } = useCatalogOptions('categories');
  const { names: workflowNames } = useCatalogOptions('approval-workflows');
  const columns = useMemo<ColumnDef<RequestForm, unknown>[]>(
    () => [
      nameColumn('request-forms'),
      {
        id: 'workflow',
        header: 'Workflow',
        cell: ({ row }) => (
          <ItemLink
            kind="approval-workflows"
            id={row.original.workflow_id}
            name={workflowNames.get(row.original.workflow_id ?? '')}
          />
        ),
      },
      {
        id: 'category',
        header: 'Category',
        cell: ({ row }) => (
          <ItemLink kind="categories" id={row.original.category_id} name={names.get(row.original.category_id ?? '')} />
        ),
      },
      { id: 'form_version', header: 'Form version', cell: ({ row }) => row.original.form_version ?? '—' },
      statusColumn(),
      idColumn('request form id'),
    ],
    [names, workflowNames],
  );
  return (
    <>
      <ListToolbar params={params} update={update} searchLabel="Search request forms" />
      <ListView
        query={query}
        columns={columns}
        caption="Request forms"
        update={update}
        filtered={Boolean(params.q)}
        empty={{
          title: 'No request forms are available',
          body: 'Request forms come with published approval workflows. Ask a platform administrator to allow one for this app.',
        }}
      />
    </>
  );
}
