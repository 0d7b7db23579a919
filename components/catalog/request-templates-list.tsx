'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { RequestTemplate } from '@/lib/catalog/schemas';
import { CatalogList } from './catalog-list';
import { categoryColumn, formVersionColumn, idColumn, nameColumn, statusColumn } from './columns';
import { useCatalogOptions } from './use-catalog-options';

export function RequestTemplatesList() {
  const { names } = useCatalogOptions('categories');
  const columns = useMemo<ColumnDef<RequestTemplate, unknown>[]>(
    () => [
      nameColumn('request-templates'),
      categoryColumn((t) => names.get(t.category_id ?? '')),
      formVersionColumn(),
      statusColumn(),
      idColumn('request template id'),
    ],
    [names],
  );
  return (
    <CatalogList
      kind="request-templates"
      columns={columns}
      empty={{
        title: 'No request templates are available',
        body: 'Request templates are built in the platform’s Form Builder. Ask a platform administrator to allow one for this app.',
      }}
    />
  );
}
