'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { operationLabel } from '@/lib/admin/audit-operations';
import type { AuditLogEntry } from '@/lib/admin/schemas';
import { CLOCK_NAMES } from '@/lib/clocks';
import { formatDate, formatTime } from '@/lib/format';
import { Badge } from '../ui/states';
import { AuditTarget } from './audit-target';
import { Breakable } from '../ui/breakable';

// Unknown is neither: a write whose answer never came, which the intent journal follows up.
const OUTCOME_TONE = { success: 'green', failure: 'red', unknown: 'amber' } as const;

const none = <span className="text-slate-500">—</span>;

/** A labelled identifier on its own line, wrapping only after its separators. */
const Ref = ({ label, value }: { label: string; value: string | null }) => (
  <div className="text-xs">
    <span className="text-slate-600">{label} </span>
    {value ? (
      <code className="break-words text-slate-900">
        <Breakable text={value} />
      </code>
    ) : (
      none
    )}
  </div>
);

type FilterBy = (patch: { user?: string; operation?: string }) => void;

/** The operation in words, which narrows the view to it, and its identifier under it for those who search or export by it. */
function Operation({ operation, filterBy }: { operation: string; filterBy: FilterBy }) {
  const label = operationLabel(operation);
  const id = (
    <code className="block break-words font-mono text-xs text-slate-600">
      <Breakable text={operation} />
    </code>
  );
  return (
    <div className="max-w-48">
      <button
        type="button"
        className="text-left text-brand-700 hover:underline"
        title="Show only this operation"
        onClick={() => filterBy({ operation })}
      >
        {label ?? id}
      </button>
      {label && id}
    </div>
  );
}

/**
 * Seven columns so the thirteen facts of an entry fit the page without scrolling sideways:
 * the client address and the instance sit under the time, roles under the user, status and
 * error code under the outcome, and the two request identifiers share a column. User and
 * operation cells narrow the view to that value.
 */
export function auditColumns(filterBy: FilterBy): ColumnDef<AuditLogEntry, unknown>[] {
  return [
    {
      id: 'time',
      // The log is dated by the console, not by the Signing API, whose clock (the sandbox's
      // can be moved ahead) dates packages and requests: beside those, the two would be confused.
      header: () => (
        <>
          Time and origin <span className="block text-xs font-normal text-slate-600">({CLOCK_NAMES.console}, UTC)</span>
        </>
      ),
      cell: ({ row }) => (
        <div className="max-w-40">
          <time dateTime={row.original.at} className="block whitespace-nowrap">
            {formatDate(row.original.at)}
            {/* To the second: the log is evidence, and entries of one action are seconds apart. */}
            <span className="block text-xs text-slate-600">{formatTime(row.original.at, { seconds: true })}</span>
          </time>
          {/* Several instances write one log: where the action came from and which one served it. */}
          <Ref label="from" value={row.original.client_address} />
          <Ref label="instance" value={row.original.instance} />
        </div>
      ),
    },
    {
      header: 'User and roles',
      cell: ({ row }) => (
        <div className="max-w-52">
          {row.original.user_email ? (
            <button
              type="button"
              className="break-words text-left text-brand-700 hover:underline"
              title="Show only this user's entries"
              onClick={() => filterBy({ user: row.original.user_email! })}
            >
              <Breakable text={row.original.user_email} />
            </button>
          ) : (
            <span className="text-slate-600">not signed in</span>
          )}
          {/* An address without an account id is one a sign-in tried: nobody was signed in. */}
          <span className="block text-xs text-slate-600">
            {row.original.user_email && !row.original.user_id ? (
              'not signed in (address tried)'
            ) : (
              <>
                <span className="sr-only">Roles: </span>
                {row.original.roles?.split(',').join(', ') || 'no roles'}
              </>
            )}
          </span>
        </div>
      ),
    },
    { header: 'Operation', cell: ({ row }) => <Operation operation={row.original.operation} filterBy={filterBy} /> },
    { header: 'Target', cell: ({ row }) => <AuditTarget entry={row.original} /> },
    {
      header: 'Outcome',
      cell: ({ row }) => (
        <div className="flex flex-col items-start gap-0.5">
          <Badge tone={OUTCOME_TONE[row.original.outcome]}>{row.original.outcome}</Badge>
          <span className="text-xs">
            <span className="text-slate-600">status </span>
            <span className="tabular-nums">{row.original.status}</span>
          </span>
          {row.original.error_code && (
            <code className="break-words text-xs text-red-800">
              <Breakable text={row.original.error_code} />
            </code>
          )}
        </div>
      ),
    },
    {
      header: 'Upstream request and idempotency key',
      cell: ({ row }) => (
        <div className="max-w-48">
          <Ref label="request" value={row.original.upstream_request_id} />
          <Ref label="key" value={row.original.idempotency_key} />
        </div>
      ),
    },
    {
      header: 'Reason',
      cell: ({ row }) => <span className="block max-w-48 break-words text-xs">{row.original.reason || '—'}</span>,
    },
  ];
}
