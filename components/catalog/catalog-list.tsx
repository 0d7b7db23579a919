'use client';

import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { catalogListQuery, type CatalogKind, type CatalogTypes } from '@/lib/catalog/queries';
import { ListToolbar, type FilterDef } from '../list/list-toolbar';
import { ListView } from '../list/list-view';
import { useListParams } from '../list/use-list-params';
import { CATALOG_KIND_INFO } from '@/lib/catalog/kinds';

interface CatalogListProps<K extends CatalogKind> {
  kind: K;
  columns: ColumnDef<CatalogTypes[K], unknown>[];
  /** menus whose options never change; each is passed to the API under its name */
  filters?: FilterDef[];
  empty: { title: string; body: React.ReactNode };
}

const NO_FILTERS: FilterDef[] = [];

/** A catalog collection's list page: search, fixed filters, paging and size, all in the URL. */
export function CatalogList<K extends CatalogKind>({ kind, columns, filters = NO_FILTERS, empty }: CatalogListProps<K>) {
  const names = useMemo(() => filters.map((f) => f.name), [filters]);
  const { params, update } = useListParams(names);
  const query = useQuery(
    catalogListQuery(kind, {
      page: params.page,
      size: params.size,
      q: params.q || undefined,
      ...Object.fromEntries(names.map((name) => [name, params.filters[name] || undefined])),
    }),
  );
  const many = CATALOG_KIND_INFO[kind].many;
  return (
    <>
      <ListToolbar params={params} update={update} searchLabel={`Search ${many.toLowerCase()}`} filters={filters} />
      <ListView
        query={query}
        columns={columns}
        caption={many}
        update={update}
        filterNames={names}
        filtered={Boolean(params.q || names.some((name) => params.filters[name]))}
        empty={empty}
      />
    </>
  );
}
