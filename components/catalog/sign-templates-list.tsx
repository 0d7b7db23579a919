'use client';

import type { ColumnDef } from '@tanstack/react-table';
import type { SignTemplate } from '@/lib/catalog/schemas';
import { Badge } from '../ui/states';
import { CatalogList } from './catalog-list';
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

export function SignTemplatesList() {
  return (
    <CatalogList
      kind="document-sign-templates"
      columns={columns}
      empty={{
        title: 'No document-sign templates are available',
        body: 'Signing templates are designed in the platform UI. Ask a platform administrator to allow one for this app.',
      }}
    />
  );
}
