'use client';

import { When } from '../ui/when';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { useState } from 'react';
import type { Route } from 'next';
import { formatDate } from '@/lib/format';
import { packagesExportHref, packagesListQuery } from '@/lib/packages/queries';
import type { ListedPackage } from '@/lib/packages/schemas';
import { PACKAGE_STATUSES } from '@/lib/packages/statuses';
import { statusLabel, statusOptions, statusWords } from '@/lib/status-labels';
import { BackwardsRangeState } from '../list/backwards-range-state';
import { backwardsRanges, DATE_RANGE_PARAMS, hasDateRange, rangesIn } from '@/lib/list/date-ranges';
import { FilteredListBar } from '../list/filtered-list-bar';
import { RecordFiltersNote } from '../list/record-filters-note';
import { ListToolbar } from '../list/list-toolbar';
import { ListView } from '../list/list-view';
import { useListParams } from '../list/use-list-params';
import { LinkButton } from '../ui/link-button';
import { Badge, StatusBadge } from '../ui/states';
import { Breakable } from '../ui/breakable';
import { CheckField } from '../ui/field';
import { useTeamFilter } from '../teams/team-filter';

// template and sender come from a link (insights' drill-downs): the list shows them applied, to be
// cleared; so does a team, for a reader with no team menu (an admin has one).
const RECORD_FILTERS = [
  { name: 'template', label: 'Template' },
  { name: 'sender', label: 'Sender' },
] as const;
const TEAM_FROM_LINK = { name: 'team', label: 'Team' } as const;
const FILTERS = ['status', 'archived', 'team', ...DATE_RANGE_PARAMS, ...RECORD_FILTERS.map((f) => f.name)] as const;

export const PACKAGE_STATUS_OPTIONS = statusOptions('package', PACKAGE_STATUSES);

const columns: ColumnDef<ListedPackage, unknown>[] = [
  {
    header: 'Package',
    cell: ({ row }) => {
      const p = row.original;
      return (
        <div className="min-w-48 sm:min-w-40">
          <Link href={`/packages/${encodeURIComponent(p.id)}` as Route} className="font-medium text-brand-700 hover:underline">
            {p.template_name ?? p.template_id ?? p.id}
          </Link>
          {p.console_record?.reference && <p className="text-sm break-words text-slate-800">{p.console_record.reference}</p>}
          {p.found_in_record && (
            <p className="text-xs text-slate-600">Found in what this console sent (recipients, values, reference)</p>
          )}
          {/* A phone shows the recipients here, under what they were sent, not squeezed into a column of their own. */}
          <div className="mt-2 sm:hidden">
            <Recipients pkg={p} />
          </div>
        </div>
      );
    },
  },
  {
    header: 'Status',
    cell: ({ row }) => (
      <span className="flex flex-wrap gap-1">
        <StatusBadge family="package" status={row.original.status} />
        {row.original.archived && <Badge>{statusLabel('catalog', 'archived')}</Badge>}
      </span>
    ),
  },
  { header: 'Recipients', cell: ({ row }) => <Recipients pkg={row.original} />, meta: { className: 'hidden sm:table-cell' } },
  { header: 'Sent', cell: ({ row }) => <When at={row.original.sent_at ?? row.original.created_at} /> },
  { header: 'Expires', cell: ({ row }) => formatDate(row.original.expires_at) },
  { header: 'ID', cell: ({ row }) => <code className="text-xs text-slate-700">{row.original.id}</code> },
];

/** Packages with search, a status filter (and an admin's team filter) and the archived view, all held in the URL. */
export function PackagesList({ canSend, admin = false }: { canSend: boolean; admin?: boolean }) {
  const { params, update } = useListParams(FILTERS);
  const teamFilter = useTeamFilter(admin);
  const archivedOnly = params.filters.archived === 'only';
  // The box follows a click at once; the URL (and so the list) catches up a moment later.
  const [toggle, setToggle] = useState({ url: archivedOnly, shown: archivedOnly });
  if (toggle.url !== archivedOnly) setToggle({ url: archivedOnly, shown: archivedOnly });
  const ranges = rangesIn(params.filters);
  const args = {
    page: params.page,
    size: params.size,
    q: params.q || undefined,
    status: params.filters.status || undefined,
    archived: archivedOnly ? ('only' as const) : undefined,
    // Narrows within the reader's teams on the server (an admin's menu, or a link from insights).
    team: params.filters.team || undefined,
    ...ranges,
    template: params.filters.template || undefined,
    sender: params.filters.sender || undefined,
  };
  const recordFilters = [...RECORD_FILTERS, ...(teamFilter ? [] : [TEAM_FROM_LINK])].filter((f) => params.filters[f.name]);
  const backwardEnds = backwardsRanges(ranges);
  const backwards = backwardEnds.length > 0;
  const query = useQuery({ ...packagesListQuery(args), enabled: !backwards });
  const filtered = Boolean(params.q || params.filters.status || args.team || hasDateRange(ranges) || recordFilters.length > 0);
  // An empty active list may only mean everything was archived: ask, and point there unless none is.
  const activeEmpty = !archivedOnly && query.data?.pagination.total === 0;
  const archived = useQuery({ ...packagesListQuery({ page: 1, size: 25, archived: 'only' }), enabled: activeEmpty });
  const send = canSend ? <LinkButton href="/packages/new">Send a package</LinkButton> : undefined;
  const empty = archivedOnly
    ? {
        title: 'No archived packages',
        body: 'Finished packages (completed, declined or expired) appear here once a sender archives them.',
      }
    : archived.data?.pagination.total === 0
      ? {
          title: 'No packages yet',
          body: canSend
            ? 'Send the first package from a document-sign template.'
            : 'Packages appear here once a sender sends one.',
          action: send,
        }
      : {
          title: 'No active packages',
          body: 'Archived packages are in the Archived view.',
          action: (
            <div className="flex flex-wrap items-center justify-center gap-3">
              <LinkButton href="/packages?archived=only" variant="secondary">
                Show archived packages
              </LinkButton>
              {send}
            </div>
          ),
        };
  return (
    <>
      <FilteredListBar
        list="packages"
        params={params}
        update={update}
        toolbar={
          <ListToolbar
            params={params}
            update={update}
            searchLabel="Search packages"
            searchPlaceholder="Template, recipient, e-mail, value or reference"
            filters={[{ name: 'status', label: 'Status', options: PACKAGE_STATUS_OPTIONS }, ...(teamFilter ? [teamFilter] : [])]}
          />
        }
        ranges={ranges}
        backwards={backwards}
        filtered={filtered || archivedOnly}
        exportHref={packagesExportHref(args)}
        scan={query.data?.scan}
        noun="packages"
      >
        <RecordFiltersNote
          lead="Sent from this console with"
          filters={recordFilters}
          values={params.filters}
          onClear={() => update(Object.fromEntries(recordFilters.map((f) => [f.name, null])))}
        />
        <CheckField label="Archived only" className="mb-4">
          <input
            type="checkbox"
            className="mt-0.5 size-4 rounded border-slate-400 text-brand-600"
            checked={toggle.shown}
            onChange={(e) => {
              setToggle({ url: archivedOnly, shown: e.target.checked });
              update({ archived: e.target.checked ? 'only' : null });
            }}
          />
        </CheckField>
      </FilteredListBar>
      {backwards ? (
        <BackwardsRangeState noun="packages" backwards={backwardEnds} update={update} />
      ) : (
        <ListView
          query={query}
          columns={columns}
          caption={archivedOnly ? 'Archived signature packages' : 'Signature packages'}
          update={update}
          filtered={filtered}
          empty={empty}
        />
      )}
    </>
  );
}

/**
 * Each signer with their e-mail and where they stand: the API's signers where it lists them,
 * else (and for an e-mail the API leaves out) what the console recorded when it sent them.
 */
function Recipients({ pkg }: { pkg: ListedPackage }) {
  const recorded = pkg.console_record?.recipients ?? [];
  const bySlot = new Map(recorded.map((r) => [r.slot_id, r]));
  const people =
    pkg.signers.length > 0
      ? pkg.signers.map((s, i) => ({
          key: s.slot_id ?? String(i),
          name: s.name ?? (s.slot_id ? bySlot.get(s.slot_id)?.name : undefined),
          email: s.email ?? (s.slot_id ? bySlot.get(s.slot_id)?.email : undefined),
          status: s.status,
        }))
      : recorded.map((r) => ({ key: r.slot_id, name: r.name, email: r.email, status: undefined }));
  if (people.length === 0) return <span className="text-slate-600">—</span>;
  return (
    <ul className="space-y-1 text-slate-800">
      {people.map((p) => (
        <li key={p.key}>
          {p.name ?? '—'} {p.status && <span className="text-xs text-slate-600">({statusWords('signer', p.status)})</span>}
          {p.email && (
            <span className="block text-xs break-words text-slate-600">
              <Breakable text={p.email} />
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
