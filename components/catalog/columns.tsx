import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { formatDate } from '@/lib/format';
import type { CatalogKind } from '@/lib/catalog/queries';
import { CopyId } from '../ui/copy-id';
import { Badge, StatusBadge } from '../ui/states';
import { catalogItemHref } from '@/lib/catalog/kinds';
import { ItemLink } from './item-link';

interface Named {
  id: string;
  name: string;
  description?: string;
  status?: string;
  created_at?: string;
}

// Columns every catalog table shares, so the five lists read the same way.

export function nameColumn<T extends Named>(kind: CatalogKind, withDescription = true): ColumnDef<T, unknown> {
  return {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <div className="min-w-48">
        <Link href={catalogItemHref(kind, row.original.id)} className="font-medium text-brand-700 hover:underline">
          {row.original.name}
        </Link>
        {withDescription && row.original.description && (
          <p className="mt-0.5 line-clamp-2 max-w-md text-xs text-slate-600">{row.original.description}</p>
        )}
      </div>
    ),
  };
}

export function statusColumn<T extends Named>(): ColumnDef<T, unknown> {
  return {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (row.original.status ? <StatusBadge family="catalog" status={row.original.status} /> : '—'),
  };
}

export function createdColumn<T extends Named>(): ColumnDef<T, unknown> {
  return {
    id: 'created',
    header: 'Created',
    cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.created_at)}</span>,
  };
}

export function idColumn<T extends Named>(label = 'id'): ColumnDef<T, unknown> {
  return { id: 'id', header: 'ID', cell: ({ row }) => <CopyId value={row.original.id} label={label} /> };
}

/** The record's category, by the name `nameOf` finds for it (its id where none is known). */
export function categoryColumn<T extends { category_id?: string }>(
  nameOf: (row: T) => string | undefined,
): ColumnDef<T, unknown> {
  return {
    id: 'category',
    header: 'Category',
    cell: ({ row }) => <ItemLink kind="categories" id={row.original.category_id} name={nameOf(row.original)} />,
  };
}

export function formVersionColumn<T extends { form_version?: number }>(): ColumnDef<T, unknown> {
  return { id: 'form_version', header: 'Form version', cell: ({ row }) => row.original.form_version ?? '—' };
}

/** A version's or release's number, marked where it is the one in use. */
export function numberedColumn<T>(
  id: string,
  noun: string,
  numberOf: (row: T) => number,
  isCurrent: (row: T) => boolean,
): ColumnDef<T, unknown> {
  return {
    id,
    header: noun,
    cell: ({ row }) => (
      <span className="flex items-center gap-2 whitespace-nowrap">
        {noun} {numberOf(row.original)}
        {isCurrent(row.original) && <Badge tone="blue">current</Badge>}
      </span>
    ),
  };
}
