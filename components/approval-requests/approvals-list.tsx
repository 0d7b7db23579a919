'use client';

import { When } from '../ui/when';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import type { Route } from 'next';
import {
  approvalsExportHref,
  approvalsListQuery,
  NAMED_REQUEST_STATUSES,
  newestActivityFirst,
  type ApprovalRequestRecord,
} from '@/lib/approval-requests/queries';
import { statusOptionsWithSeen } from '@/lib/status-labels';
import { BackwardsRangeState } from '../list/backwards-range-state';
import { backwardsRanges, DATE_RANGE_PARAMS, hasDateRange, rangesIn } from '@/lib/list/date-ranges';
import { FilteredListBar } from '../list/filtered-list-bar';
import { RecordFiltersNote } from '../list/record-filters-note';
import { ListToolbar } from '../list/list-toolbar';
import { ListView } from '../list/list-view';
import { useListParams } from '../list/use-list-params';
import { LinkButton } from '../ui/link-button';
import { StatusBadge } from '../ui/states';
import { StepDue } from './step-due';
import { useSeenRequestStatuses } from './use-seen-statuses';
import { useTeamFilter } from '../teams/team-filter';

// workflow and sender come from a link (insights' drill-downs): the list shows them applied, to
// be cleared; so does a team, for a reader with no team menu (an admin has one).
const RECORD_FILTERS = [
  { name: 'workflow', label: 'Workflow' },
  { name: 'sender', label: 'Submitter' },
] as const;
const TEAM_FROM_LINK = { name: 'team', label: 'Team' } as const;
const FILTERS = ['status', 'team', ...DATE_RANGE_PARAMS, ...RECORD_FILTERS.map((f) => f.name)] as const;

const columns: ColumnDef<ApprovalRequestRecord, unknown>[] = [
  {
    header: 'Request',
    cell: ({ row }) => (
      <Link
        href={`/approvals/${encodeURIComponent(row.original.id)}` as Route}
        className="font-medium text-brand-700 hover:underline"
      >
        {row.original.external_id ?? row.original.id}
      </Link>
    ),
  },
  { header: 'Workflow', cell: ({ row }) => <span>{row.original.workflow_name ?? row.original.workflow_id ?? '—'}</span> },
  { header: 'Status', cell: ({ row }) => <StatusBadge family="request" status={row.original.status} /> },
  { header: 'Current step', cell: ({ row }) => <span>{row.original.current_layer_name ?? '—'}</span> },
  { header: 'Step due', cell: ({ row }) => <StepDue request={row.original} /> },
  { header: 'Updated', cell: ({ row }) => <When at={row.original.updated_at} /> },
  { header: 'ID', cell: ({ row }) => <code className="text-xs text-slate-700">{row.original.id}</code> },
];

/**
 * The app's approval requests with search (id or external id) and a status filter, in the URL;
 * each page newest activity first (the API promises no order, see newestActivityFirst).
 */
export function ApprovalsList({ canWrite, admin = false }: { canWrite: boolean; admin?: boolean }) {
  const { params, update } = useListParams(FILTERS);
  const teamFilter = useTeamFilter(admin);
  const status = params.filters.status || undefined;
  const ranges = rangesIn(params.filters);
  // Narrows within the reader's teams on the server (an admin's menu, or a link from insights).
  const team = params.filters.team || undefined;
  const args = {
    page: params.page,
    size: params.size,
    q: params.q || undefined,
    status,
    team,
    ...ranges,
    workflow: params.filters.workflow || undefined,
    sender: params.filters.sender || undefined,
  };
  const recordFilters = [...RECORD_FILTERS, ...(teamFilter ? [] : [TEAM_FROM_LINK])].filter((f) => params.filters[f.name]);
  const backwardEnds = backwardsRanges(ranges);
  const backwards = backwardEnds.length > 0;
  const query = useQuery({ ...approvalsListQuery(args), select: newestActivityFirst, enabled: !backwards });
  const filtered = Boolean(params.q || params.filters.status || team || hasDateRange(ranges) || recordFilters.length > 0);
  // The spec names three statuses and lists no more: the others offered are those this host
  // has answered with, and the one in the URL, so a shared link shows its own filter.
  const seen = useSeenRequestStatuses();
  const options = statusOptionsWithSeen('request', NAMED_REQUEST_STATUSES, status ? [...seen, status] : seen);
  return (
    <>
      <FilteredListBar
        list="approvals"
        params={params}
        update={update}
        toolbar={
          <ListToolbar
            params={params}
            update={update}
            searchLabel="Search requests by external ID or ID"
            searchPlaceholder="External ID or ID"
            filters={[{ name: 'status', label: 'Status', options }, ...(teamFilter ? [teamFilter] : [])]}
          />
        }
        ranges={ranges}
        backwards={backwards}
        filtered={filtered}
        exportHref={approvalsExportHref(args)}
        scan={query.data?.scan}
        noun="approval requests"
      >
        <RecordFiltersNote
          lead="Submitted from this console with"
          filters={recordFilters}
          values={params.filters}
          onClear={() => update(Object.fromEntries(recordFilters.map((f) => [f.name, null])))}
        />
      </FilteredListBar>
      {backwards ? (
        <BackwardsRangeState noun="approval requests" backwards={backwardEnds} update={update} />
      ) : (
        <ListView
          query={query}
          columns={columns}
          caption="Approval requests"
          update={update}
          filtered={filtered}
          empty={{
            title: 'No approval requests yet',
            body: canWrite
              ? 'Submit the first request from an active workflow.'
              : 'Requests appear here once an operator submits one.',
            action: canWrite ? <LinkButton href="/approvals/new">New request</LinkButton> : undefined,
          }}
        />
      )}
    </>
  );
}
