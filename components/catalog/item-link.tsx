'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { catalogItemQuery, type CatalogKind } from '@/lib/catalog/queries';
import { catalogItemHref } from '@/lib/catalog/kinds';

/**
 * A link to another catalog record: its name when known, its id otherwise (in monospace).
 * `resolveName` reads the record for its name when the caller only has the id (detail pages only).
 */
export function ItemLink({
  kind,
  id,
  name,
  resolveName = false,
}: {
  kind: CatalogKind;
  id: string | null | undefined;
  name?: string | null;
  resolveName?: boolean;
}) {
  const lookup = useQuery({
    ...catalogItemQuery(kind, id ?? ''),
    enabled: resolveName && !name && Boolean(id),
    staleTime: 60_000,
  });
  if (!id) return <span className="text-slate-600">—</span>;
  const shown = name || lookup.data?.name;
  return (
    <Link href={catalogItemHref(kind, id)} className="font-medium text-brand-700 hover:underline">
      {shown ? shown : <code className="font-mono text-xs">{id}</code>}
    </Link>
  );
}
