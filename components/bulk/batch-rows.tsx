'use client';

import Link from 'next/link';
import type { Route } from 'next';
import { BULK_ROW_STATE_LABELS } from '@/lib/bulk/row-states';
import type { BulkRow, BulkRowState } from '@/lib/bulk/schemas';
import { Button } from '../ui/button';
import { Badge } from '../ui/states';

const TONE: Record<BulkRowState, 'gray' | 'green' | 'amber' | 'red' | 'blue'> = {
  to_review: 'gray',
  reviewed: 'blue',
  sending: 'amber',
  sent: 'green',
  failed: 'red',
  cancelled: 'gray',
};

interface BatchRowsProps {
  rows: BulkRow[];
  /** the row under review, if any */
  current: number | null;
  /** rows whose send is being asked again after an unknown outcome */
  confirming: ReadonlySet<number>;
  onReview(position: number): void;
}

/** Every row with where it stands: to review, on its way, sent (with its package), failed (with why). */
export function BatchRows({ rows, current, confirming, onReview }: BatchRowsProps) {
  return (
    <ol
      className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
      aria-label="Packages of the batch"
    >
      {rows.map((row) => (
        <li
          key={row.position}
          aria-current={current === row.position ? 'true' : undefined}
          className={`flex flex-wrap items-center justify-between gap-2 px-4 py-3 ${current === row.position ? 'bg-brand-50' : ''}`}
        >
          <div className="min-w-0">
            <p className="text-sm">
              <span className="font-semibold text-slate-900">Row {row.line}</span>
              {row.reference && <span className="ml-2 text-slate-700">{row.reference}</span>}
            </p>
            <p className="break-words text-xs text-slate-600">{row.signers.map((s) => `${s.name} <${s.email}>`).join(', ')}</p>
            {row.state === 'failed' && row.error && <p className="mt-1 text-xs text-red-800">{row.error.message}</p>}
            {row.state === 'sending' && confirming.has(row.position) && (
              <p className="mt-1 text-xs text-amber-900">
                The API’s answer was lost: the console is confirming the outcome under the same key. Nothing will be sent twice.
              </p>
            )}
          </div>
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={TONE[row.state]}>
              {row.state === 'sending' && confirming.has(row.position)
                ? 'Outcome being confirmed'
                : BULK_ROW_STATE_LABELS[row.state]}
            </Badge>
            {row.state === 'sent' && row.package_id && (
              <Link
                href={`/packages/${encodeURIComponent(row.package_id)}` as Route}
                className="text-sm font-medium text-brand-700 hover:underline"
              >
                Package
                <span className="sr-only"> of row {row.line}</span>
              </Link>
            )}
            {row.state === 'to_review' && (
              <Button
                size="sm"
                variant={current === row.position ? 'primary' : 'secondary'}
                onClick={() => onReview(row.position)}
              >
                Review<span className="sr-only"> row {row.line}</span>
              </Button>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
