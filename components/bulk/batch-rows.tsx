'use client';

import Link from 'next/link';
import type { Route } from 'next';
import type { ReactNode } from 'react';
import { BULK_ROW_STATE_LABELS } from '@/lib/bulk/row-states';
import { CHANGEABLE_ROW_STATES, type BulkRow, type BulkRowState } from '@/lib/bulk/schemas';
import { Button } from '../ui/button';
import { Badge } from '../ui/states';

const TONE: Record<BulkRowState, 'gray' | 'green' | 'amber' | 'red' | 'blue'> = {
  to_review: 'gray',
  reviewed: 'blue',
  sending: 'amber',
  sent: 'green',
  failed: 'red',
  cancelled: 'gray',
  skipped: 'gray',
};

interface BatchRowsProps {
  rows: BulkRow[];
  /** the row under review, if any */
  current: number | null;
  /** rows whose send is being asked again after an unknown outcome */
  confirming: ReadonlySet<number>;
  onReview(position: number): void;
  /** what the batch's maker may do to a row not yet sent; absent for anyone else, who reads only */
  changes?: {
    /** the row being fixed, and its editor, shown under it */
    fixing: { position: number; editor: ReactNode } | null;
    /** rows whose skip (or taking back) is under way */
    busy: ReadonlySet<number>;
    onFix(position: number): void;
    onSkip(position: number, skipped: boolean): void;
  };
}

const changeable = (row: BulkRow) => (CHANGEABLE_ROW_STATES as readonly BulkRowState[]).includes(row.state);

/**
 * Every row with where it stands: to review, on its way, sent (with its package), failed (with
 * why), skipped; for its maker, a row not yet sent can be fixed (in place) or skipped.
 */
export function BatchRows({ rows, current, confirming, onReview, changes }: BatchRowsProps) {
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
            {row.state === 'to_review' && changes && (
              <Button
                size="sm"
                variant={current === row.position ? 'primary' : 'secondary'}
                onClick={() => onReview(row.position)}
              >
                Review<span className="sr-only"> row {row.line}</span>
              </Button>
            )}
            {changes && changeable(row) && changes.fixing?.position !== row.position && (
              <>
                <Button size="sm" variant="secondary" onClick={() => changes.onFix(row.position)}>
                  Fix<span className="sr-only"> row {row.line}</span>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  busy={changes.busy.has(row.position)}
                  onClick={() => changes.onSkip(row.position, true)}
                >
                  Skip<span className="sr-only"> row {row.line}</span>
                </Button>
              </>
            )}
            {changes && row.state === 'skipped' && (
              <Button
                size="sm"
                variant="secondary"
                busy={changes.busy.has(row.position)}
                onClick={() => changes.onSkip(row.position, false)}
              >
                Take back<span className="sr-only"> row {row.line}</span>
              </Button>
            )}
          </span>
          {changes?.fixing?.position === row.position && changes.fixing.editor}
        </li>
      ))}
    </ol>
  );
}
