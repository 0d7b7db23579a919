'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { RequestForm } from '@/lib/catalog/schemas';
import { CatalogList } from './catalog-list';
import { categoryColumn, formVersionColumn, idColumn, nameColumn, statusColumn } from './columns';
import { ItemLink } from './item-link';
import { useCatalogOptions } from './use-catalog-options';

export function RequestFormsList() {
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
      categoryColumn((f) => names.get(f.category_id ?? '')),
      formVersionColumn(),
      statusColumn(),
      idColumn('request form id'),
    ],
    [names, workflowNames],
  );
  return (
    <CatalogList
      kind="request-forms"
      columns={columns}
      empty={{
        title: 'No request forms are available',
        body: 'Request forms come with published approval workflows. Ask a platform administrator to allow one for this app.',
      }}
    />
  );
}
