'use client';

import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { formatDate } from '@/lib/format';
import { catalogListQuery } from '@/lib/catalog/queries';
import type { Workflow } from '@/lib/catalog/schemas';
import { statusOptions } from '@/lib/status-labels';
import { ListToolbar } from '../list/list-toolbar';
import { ListView } from '../list/list-view';
import { useListParams } from '../list/use-list-params';
import { CopyId } from '../ui/copy-id';
import { categoryColumn, nameColumn, statusColumn } from './columns';
import { ItemLink } from './item-link';
import { useCatalogOptions, withCurrent } from './use-catalog-options';

const FILTERS = ['status', 'category_id', 'request_template_id'] as const;

const columns: ColumnDef<Workflow, unknown>[] = [
  nameColumn('approval-workflows'),
  categoryColumn((w) => w.category_name),
  {
    id: 'template',
    header: 'Request template',
    cell: ({ row }) => (
      <ItemLink kind="request-templates" id={row.original.request_template_id} name={row.original.request_template_name} />
    ),
  },
  {
    id: 'release',
    header: 'Current release',
    cell: ({ row }) => <CopyId value={row.original.workflow_release_id} label="workflow release id" />,
  },
  statusColumn(),
  {
    id: 'published',
    header: 'Published',
    cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.published_at)}</span>,
  },
];

export function WorkflowsList() {
  const { params, update } = useListParams(FILTERS);
  const { status, category_id, request_template_id } = params.filters;
  const query = useQuery(
    catalogListQuery('approval-workflows', {
      page: params.page,
      size: params.size,
      q: params.q || undefined,
      status: status || undefined,
      category_id: category_id || undefined,
      request_template_id: request_template_id || undefined,
    }),
  );
  const categories = useCatalogOptions('categories');
  const templates = useCatalogOptions('request-templates');
  return (
    <>
      <ListToolbar
        params={params}
        update={update}
        searchLabel="Search approval workflows"
        filters={[
          { name: 'status', label: 'Status', options: statusOptions('catalog', ['active', 'archived']) },
          {
            name: 'category_id',
            label: 'Category',
            options: withCurrent(categories.options, category_id),
            failed: categories.failed,
            struggling: categories.struggling,
          },
          {
            name: 'request_template_id',
            label: 'Request template',
            options: withCurrent(templates.options, request_template_id),
            failed: templates.failed,
            struggling: templates.struggling,
          },
        ]}
      />
      <ListView
        query={query}
        columns={columns}
        caption="Approval workflows"
        update={update}
        filterNames={FILTERS}
        filtered={Boolean(params.q || status || category_id || request_template_id)}
        empty={{
          title: 'No approval workflows are available',
          body: 'Workflows are designed and published in the platform UI. Ask a platform administrator to allow one for this app.',
        }}
      />
    </>
  );
}
