'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { formatDate, formatTime } from '@/lib/format';
import type { AuditRow } from '@/lib/admin/schemas';
import { Badge } from '../ui/states';


function detailsOf(text: string | null): [string, string][] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object') return [];
    return Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]);
  } catch {
    return [];
  }
}

// Unknown is neither: a write whose answer never came, which the intent journal follows up.
const OUTCOME_TONE = { success: 'green', failure: 'red', unknown: 'amber' } as const;

const none = <span className="text-slate-500">—</span>;

/** A labelled identifier on its own line, breakable anywhere (ids have no spaces). */
const Ref = ({ label, value }: { label: string; value: string | null }) => (
  <div className="text-xs">
    <span className="text-slate-600">{label} </span>
    {value ? <code className="break-all text-slate-900">{value}</code> : none}
  </div>
);

/**
 * Seven columns so the thirteen facts of an entry fit the page without scrolling sideways:
 * the client address and the instance sit under the time, roles under the user, status and
 * error code under the outcome, and the two request identifiers share a column. User and
 * operation cells narrow the view to that value.
 */
export function auditColumns(filterBy: (patch: { user?: string; operation?: string }) => void): ColumnDef<AuditRow, unknown>[] {
  return [
    {
      header: 'Time and origin',
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
            <button type="button" className="break-words text-left text-brand-700 hover:underline" title="Show only this user's entries" onClick={() => filterBy({ user: row.original.user_email! })}>
              {row.original.user_email}
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
    {
      header: 'Operation',
      cell: ({ row }) => (
        <button type="button" className="text-left font-mono text-xs text-brand-700 hover:underline" title="Show only this operation" onClick={() => filterBy({ operation: row.original.operation })}>
          {row.original.operation}
        </button>
      ),
    },
    {
      header: 'Target',
      cell: ({ row }) => {
        const details = detailsOf(row.original.details);
        return (
          <div className="max-w-52 text-xs">
            {row.original.target_type ? <span className="text-slate-600">{row.original.target_type.replace(/_/g, ' ')}</span> : none}
            {row.original.target_id && <code className="block break-all text-slate-900">{row.original.target_id}</code>}
            {details.length > 0 && (
              <details className="mt-1 text-slate-700">
                <summary className="cursor-pointer text-slate-600">Details</summary>
                <dl>
                  {details.map(([k, v]) => (
                    <div key={k} className="break-all">
                      <dt className="inline text-slate-600">{k}: </dt>
                      <dd className="inline">{v}</dd>
                    </div>
                  ))}
                </dl>
              </details>
            )}
          </div>
        );
      },
    },
    {
      header: 'Outcome',
      cell: ({ row }) => (
        <div className="flex flex-col items-start gap-0.5">
          <Badge tone={OUTCOME_TONE[row.original.outcome]}>{row.original.outcome}</Badge>
          <span className="text-xs">
            <span className="text-slate-600">status </span>
            <span className="tabular-nums">{row.original.status}</span>
          </span>
          {row.original.error_code && <code className="break-all text-xs text-red-800">{row.original.error_code}</code>}
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
    { header: 'Reason', cell: ({ row }) => <span className="block max-w-48 break-words text-xs">{row.original.reason || '—'}</span> },
  ];
}
