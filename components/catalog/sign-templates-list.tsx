'use client';

import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { catalogListQuery } from '@/lib/catalog/queries';
import type { SignTemplate } from '@/lib/catalog/schemas';
import { ListToolbar } from '../list/list-toolbar';
import { ListView } from '../list/list-view';
import { useListParams } from '../list/use-list-params';
import { Badge } from '../ui/states';
import { idColumn, nameColumn } from './columns';

const columns: ColumnDef<SignTemplate, unknown>[] = [
  nameColumn('document-sign-templates'),
  { id: 'pages', header: 'Pages', cell: ({ row }) => row.original.page_count ?? '—' },
  {
    id: 'versions',
    header: 'Versions',
    cell: ({ row }) => {
      const { versions, current_version_id } = row.original;
      const current = versions.find((v) => v.id === current_version_id);
      return (
        <span className="whitespace-nowrap">
          {versions.length}
          {current && <span className="text-slate-600"> (current v{current.number})</span>}
        </span>
      );
    },
  },
  {
    id: 'api',
    header: 'API use',
    cell: ({ row }) =>
      row.original.api_enabled === false ? <Badge tone="amber">not enabled</Badge> : <Badge tone="green">enabled</Badge>,
  },
  idColumn('template id'),
];

const NO_FILTERS: readonly string[] = [];

export function SignTemplatesList() {
  const { params, update } = useListParams(NO_FILTERS);
  const query = useQuery(
    catalogListQuery('document-sign-templates', { page: params.page, size: params.size, q: params.q || undefined }),
  );
  return (
    <>
      <ListToolbar params={params} update={update} searchLabel="Search document-sign templates" />
      <ListView
        query={query}
        columns={columns}
        caption="Document-sign templates"
        update={update}
        filtered={Boolean(params.q)}
        empty={{
          title: 'No document-sign templates are available',
          body: 'Signing templates are designed in the platform UI. Ask a platform administrator to allow one for this app.',
        }}
      />
    </>
  );
}
