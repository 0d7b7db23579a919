'use client';

import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import type { Route } from 'next';
import { formatDateTime } from '@/lib/format';
import { approvalsListQuery, REQUEST_STATUSES, type ApprovalRequestRecord } from '@/lib/queries/approvals';
import { statusOptions } from '@/lib/status-labels';
import { ListToolbar } from '../list/list-toolbar';
import { ListView } from '../list/list-view';
import { useListParams } from '../list/use-list-params';
import { LinkButton } from '../ui/link-button';
import { Badge, StatusBadge } from '../ui/states';

const FILTERS = ['status'] as const;

const columns: ColumnDef<ApprovalRequestRecord, unknown>[] = [
  {
    header: 'Request',
    cell: ({ row }) => (
      <Link href={`/approvals/${encodeURIComponent(row.original.id)}` as Route} className="font-medium text-brand-700 hover:underline">
        {row.original.external_id ?? row.original.id}
      </Link>
    ),
  },
  { header: 'Workflow', cell: ({ row }) => <span>{row.original.workflow_name ?? row.original.workflow_id ?? '—'}</span> },
  { header: 'Status', cell: ({ row }) => <StatusBadge family="request" status={row.original.status} /> },
  {
    header: 'Current step',
    cell: ({ row }) => {
      const sla = row.original.sla;
      return (
        <span className="flex flex-wrap items-center gap-1">
          {row.original.current_layer_name ?? '—'}
          {sla?.breached && <Badge tone="red">SLA breached</Badge>}
        </span>
      );
    },
  },
  { header: 'Updated', cell: ({ row }) => formatDateTime(row.original.updated_at) },
  { header: 'ID', cell: ({ row }) => <code className="text-xs text-slate-700">{row.original.id}</code> },
];

/** The app's approval requests with search (id or external id) and a status filter, in the URL. */
export function ApprovalsList({ canWrite }: { canWrite: boolean }) {
  const { params, update } = useListParams(FILTERS);
  const query = useQuery(approvalsListQuery({ page: params.page, size: params.size, q: params.q || undefined, status: params.filters.status || undefined }));
  return (
    <>
      <ListToolbar
        params={params}
        update={update}
        searchLabel="Search requests by external ID or ID"
        filters={[{ name: 'status', label: 'Status', options: statusOptions('request', REQUEST_STATUSES) }]}
      />
      <ListView
        query={query}
        columns={columns}
        caption="Approval requests"
        update={update}
        filtered={Boolean(params.q || params.filters.status)}
        empty={{
          title: 'No approval requests yet',
          body: canWrite ? 'Submit the first request from an active workflow.' : 'Requests appear here once an operator submits one.',
          action: canWrite ? <LinkButton href="/approvals/new">New request</LinkButton> : undefined,
        }}
      />
    </>
  );
}
