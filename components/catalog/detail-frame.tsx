'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { formatDateTime } from '@/lib/format';
import { useReaderLocales } from '../ui/use-reader-locales';
import { CATALOG_KIND_INFO, catalogListHref, type ArchivableKind } from '@/lib/catalog/kinds';
import { catalogItemQuery, type CatalogKind, type CatalogTypes } from '@/lib/catalog/queries';
import { useNoteOpened } from '../search/opened-by';
import { Breadcrumbs } from '../ui/breadcrumbs';
import { CopyId } from '../ui/copy-id';
import { QueryState } from '../ui/query-state';
import { EmptyState, Skeleton, StatusBadge } from '../ui/states';
import { Card } from '../ui/card';
import { HelpLink } from '../ui/help-link';

interface DetailFrameProps<K extends CatalogKind> {
  kind: K;
  id: string;
  children(data: CatalogTypes[K]): React.ReactNode;
}

/** A catalog detail page's states: breadcrumbs always, then loading, not found, error with retry, or the record. */
export function DetailFrame<K extends CatalogKind>({ kind, id, children }: DetailFrameProps<K>) {
  const query = useQuery(catalogItemQuery(kind, id));
  useNoteOpened(kind, query.data);
  const nouns = CATALOG_KIND_INFO[kind];
  const crumbs = [
    { label: 'Catalog', href: '/catalog' },
    { label: nouns.many, href: catalogListHref(kind) },
    { label: query.data?.name ?? id },
  ];
  return (
    <>
      <Breadcrumbs items={crumbs} />
      <QueryState
        query={query}
        skeleton={<DetailSkeleton />}
        notFound={() => (
          <EmptyState
            title={`${nouns.one} not found`}
            action={
              <Link href={catalogListHref(kind)} className="text-sm font-medium text-brand-700 underline">
                Back to {nouns.many.toLowerCase()}
              </Link>
            }
          >
            Nothing with the id <code className="font-mono">{id}</code> is visible to this console. Check the link, or find the
            item in the list.
          </EmptyState>
        )}
      >
        {children}
      </QueryState>
    </>
  );
}

function DetailSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Skeleton className="h-8 w-80" />
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-4 w-2/3" />
      </div>
      <Card className="grid grid-cols-1 gap-4 p-5 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="flex flex-col gap-1.5">
            <Skeleton className="h-3 w-24" />
            <Skeleton className="h-4 w-40" />
          </div>
        ))}
      </Card>
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

interface DetailHeaderProps {
  record: { id: string; name: string; status?: string; description?: string };
  /** what the record is: its id is labelled "workflow id" */
  kind: CatalogKind;
  /** said in place of an empty description; '' says nothing */
  noDescription?: string;
  badges?: React.ReactNode;
  actions?: React.ReactNode;
}

/** Name, status, copyable id and description of a record, with its actions on the right. */
export function DetailHeader({ record, kind, noDescription = 'No description.', badges, actions }: DetailHeaderProps) {
  const { id, name: title, status } = record;
  const description = record.description || noDescription;
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0 max-w-3xl">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
          {status && <StatusBadge family="catalog" status={status} />}
          {badges}
          {/* A record's page has no PageHeader: its Help link sits by the name, as a list's does. */}
          <HelpLink />
        </div>
        <div className="mt-1.5">
          <CopyId value={id} label={`${CATALOG_KIND_INFO[kind].noun} id`} />
        </div>
        {description && <p className="mt-2 text-sm text-slate-700">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 gap-2">{actions}</div>}
    </div>
  );
}

interface ArchivedNoticeProps {
  record: { status?: string; archived_at?: string | null; archive_reason?: string | null };
  kind: ArchivableKind;
  /** what being archived means for this kind of record */
  note?: string;
}

/** When and why a record was archived; nothing for active records. */
export function ArchivedNotice({ record, kind, note }: ArchivedNoticeProps) {
  const locales = useReaderLocales();
  if (record.status !== 'archived') return null;
  return (
    <div className="mb-6 rounded-lg border border-slate-300 bg-slate-100 px-4 py-3 text-sm text-slate-800">
      <p className="font-medium">
        This {CATALOG_KIND_INFO[kind].noun} was archived
        {record.archived_at ? ` on ${formatDateTime(record.archived_at, {}, locales)}` : ''}.
      </p>
      {record.archive_reason && <p className="mt-0.5">Reason: {record.archive_reason}</p>}
      {note && <p className="mt-0.5">{note}</p>}
    </div>
  );
}
