'use client';

import { useQueries } from '@tanstack/react-query';
import Link from 'next/link';
import type { Route } from 'next';
import { approvalsListQuery } from '@/lib/approval-requests/queries';
import { statusWords } from '@/lib/status-labels';
import { archivableWhen, BLOCKING_STATUSES, describeBlockers } from './workflow-blockers';

const SHOWN = 20;

/**
 * The requests that keep `workflowId` from being archived, each a link. The API's refusal lists
 * none, and its request list filters by status but not by workflow, so each blocking state's
 * newest 100 are read and matched here. It lists only this console's app's requests.
 */
export function WorkflowBlockers({ workflowId }: { workflowId: string }) {
  const lists = useQueries({
    queries: BLOCKING_STATUSES.map((status) => approvalsListQuery({ page: 1, size: 100, status })),
  });
  if (lists.some((l) => l.isPending)) return <p className="text-sm text-slate-600">Looking up the requests that use it…</p>;
  if (lists.some((l) => l.isError))
    return <p className="text-sm text-slate-700">The requests that use it could not be listed; see Approvals.</p>;
  const blocking = lists.flatMap((l) => l.data?.data ?? []).filter((r) => r.workflow_id === workflowId);
  const partial = lists.some((l) => (l.data?.pagination.pages ?? 1) > 1);
  const sentence = describeBlockers(blocking.map((r) => r.status));
  if (!sentence)
    return (
      <p className="text-sm text-slate-700">
        None of this console’s requests uses it: the requests in the way belong to another app of the workspace.
      </p>
    );
  return (
    <div className="text-sm text-slate-800">
      <p>
        {partial ? 'At least ' : ''}
        {sentence}. {archivableWhen(blocking.map((r) => r.status))}
      </p>
      <ul aria-label="Requests that use this workflow" className="mt-2 flex max-h-48 flex-col gap-1 overflow-y-auto">
        {blocking.slice(0, SHOWN).map((r) => (
          <li key={r.id}>
            <Link href={`/approvals/${encodeURIComponent(r.id)}` as Route} className="font-medium text-brand-700 hover:underline">
              {r.external_id ?? r.id}
            </Link>{' '}
            <span className="text-slate-600">— {statusWords('request', r.status)}</span>
          </li>
        ))}
      </ul>
      {blocking.length > SHOWN && <p className="mt-1 text-slate-600">…and {blocking.length - SHOWN} more, under Approvals.</p>}
    </div>
  );
}
