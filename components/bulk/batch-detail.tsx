'use client';

import { useQuery } from '@tanstack/react-query';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import type { Route } from 'next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useChangeRow } from '@/lib/bulk/mutations';
import { batchQuery } from '@/lib/bulk/queries';
import { batchSettled, type BulkBatchDetail, type BulkRow } from '@/lib/bulk/schemas';
import { catalogItemQuery } from '@/lib/catalog/queries';
import { ReviewMemory } from '../packages/send/review-progress';
import { QueryState } from '../ui/query-state';
import { EmptyState, PageSkeleton } from '../ui/states';
import { toast } from '../ui/toast';
import { BatchControls } from './batch-controls';
import { BatchProgress } from './batch-progress';
import { BatchRows } from './batch-rows';
import { BatchStateBadge } from './batch-state-badge';
import { RowFix } from './row-fix';
import { RowReview } from './row-review';

/**
 * While the server has rows to send (or sends under way, which finish even in a cancelled
 * batch) the page follows them; a settled batch is read once.
 */
const following = (batch: BulkBatchDetail | undefined) =>
  batch && batch.counts.sending + (batch.state === 'cancelled' ? 0 : batch.counts.reviewed) > 0 ? 2_000 : false;

/** The next row to review after `position`, wrapping round; null when none is left. */
function nextToReview(rows: BulkRow[], position: number | null): number | null {
  const open = rows.filter((r) => r.state === 'to_review');
  return (
    (open.find((r) => position === null || r.position > position) ?? open.find((r) => r.position !== position))?.position ?? null
  );
}

/** A batch: its progress and controls, each row's state, and the review of one package at a time (?row=). */
export function BatchDetail({ id }: { id: string }) {
  const query = useQuery({ ...batchQuery(id), refetchInterval: (q) => following(q.state.data) });
  return (
    <QueryState
      query={query}
      skeleton={<PageSkeleton />}
      errorTitle="This batch could not be loaded"
      notFound={() => <EmptyState title="No such batch">It may belong to someone else, or the address is mistyped.</EmptyState>}
    >
      {(batch) => <Batch batch={batch} />}
    </QueryState>
  );
}

function Batch({ batch }: { batch: BulkBatchDetail }) {
  const template = useQuery(catalogItemQuery('document-sign-templates', batch.template_id));
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const asked = search.get('row');
  const current = asked !== null && /^\d+$/.test(asked) ? Number(asked) : null;
  const row = current === null ? null : (batch.rows.find((r) => r.position === current) ?? null);
  // Pages seen carry over between receipts of the very same PDF, for the whole visit.
  const [memory] = useState(() => new ReviewMemory());
  // Each reviewed row's page texts, so the next row's differing pages can be named.
  const [pageTexts] = useState(() => new Map<number, string[]>());
  // Rows the server sent back to review (a receipt that lapsed before its turn), with why.
  const standing = batch.rows.filter((r) => r.state === 'to_review' && r.error);

  const show = useCallback(
    (position: number | null) => {
      const params = new URLSearchParams(search);
      if (position === null) params.delete('row');
      else params.set('row', String(position));
      const query = params.toString();
      router.replace(`${pathname}${query ? `?${query}` : ''}` as Route, { scroll: false });
    },
    [pathname, router, search],
  );
  const next = nextToReview(batch.rows, current);
  // Each package's review starts at its top, where its differences and summary begin.
  const reviewTop = useRef<HTMLElement>(null);
  const reviewing = row?.position ?? null;
  useEffect(() => {
    if (reviewing !== null) reviewTop.current?.scrollIntoView({ block: 'start' });
  }, [reviewing]);
  const goNext = useCallback(() => show(next), [show, next]);

  // "N" moves on to the next package to review, as long as the key is not typed into a field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== 'n' || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (next === null) return;
      e.preventDefault();
      goNext();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [goNext, next]);

  const mine = batch.owner.mine;
  const [fixing, setFixing] = useState<number | null>(null);
  const [skipping, setSkipping] = useState<ReadonlySet<number>>(new Set());
  const { skip } = useChangeRow(batch.id);
  const fixRow = fixing === null ? null : (batch.rows.find((r) => r.position === fixing) ?? null);
  const onSkip = (position: number, skipped: boolean) => {
    const line = batch.rows.find((r) => r.position === position)?.line;
    setSkipping((s) => new Set([...s, position]));
    if (skipped && current === position) show(null);
    skip.mutate(
      { position, skipped },
      {
        onSuccess: () =>
          toast.success(
            skipped
              ? `Row ${line} skipped: it will not be sent. “Take back” puts it back to review.`
              : `Row ${line} taken back: review it to send it.`,
          ),
        onError: (err) => toast.error(err instanceof Error ? err.message : `Row ${line} could not be changed.`),
        onSettled: () =>
          setSkipping((s) => {
            const left = new Set(s);
            left.delete(position);
            return left;
          }),
      },
    );
  };

  const confirmed = (done: BulkRow) => {
    toast.success(`Row ${done.line} confirmed: the console sends it, whether or not this page stays open.`);
    show(nextToReview(batch.rows, done.position));
  };
  // A row sending for a while: its answer was lost or is slow, and the server confirms it under the same key.
  const confirming = new Set(batch.rows.filter((r) => r.state === 'sending' && r.error).map((r) => r.position));
  const settled = batchSettled(batch.counts);

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-700">
            {batch.template_name} · {batch.row_count} package{batch.row_count === 1 ? '' : 's'}
          </p>
          <BatchStateBadge batch={batch} />
        </div>
        <BatchProgress batch={batch} />
        {!mine && (
          <p className="text-sm text-slate-700">
            Made by {batch.owner.name}. Only they review, fix, skip or stop its packages: you can follow it and export its
            results.
          </p>
        )}
        {batch.state === 'paused' && (
          <p className="text-sm text-amber-900">Paused: confirmed packages wait here until you resume. Reviewing goes on.</p>
        )}
        {mine && <BatchControls batch={batch} />}
        <div role="alert">
          {standing.length > 0 && (
            <ul className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
              {standing.map((r) => (
                <li key={r.position}>{r.error!.message}</li>
              ))}
            </ul>
          )}
        </div>
        <p className="text-xs text-slate-600">
          Confirmed packages are sent by the console itself, at the pace the API allows, whether or not this page stays open. The
          API cannot recall, correct or remind a sent package.
        </p>
      </div>

      {mine && row && template.data && (row.state === 'to_review' || row.state === 'reviewed') && (
        <section ref={reviewTop} aria-label={`Review of row ${row.line}`} className="scroll-mt-4">
          <RowReview
            key={row.position}
            batch={batch}
            row={row}
            template={template.data}
            memory={memory}
            pageTexts={pageTexts}
            onConfirmed={confirmed}
            onNext={goNext}
            onClose={() => show(null)}
            hasNext={next !== null}
          />
        </section>
      )}
      {mine && !row && !settled && batch.state !== 'cancelled' && next !== null && (
        <p className="text-sm text-slate-700">
          {batch.counts.to_review} package{batch.counts.to_review === 1 ? '' : 's'} to review. Choose “Review” on a row, or press
          N.
        </p>
      )}
      <BatchRows
        rows={batch.rows}
        current={row?.position ?? null}
        confirming={confirming}
        onReview={show}
        changes={
          mine && batch.state !== 'cancelled'
            ? {
                fixing:
                  fixRow && template.data
                    ? {
                        position: fixRow.position,
                        editor: (
                          <RowFix
                            key={fixRow.position}
                            batchId={batch.id}
                            row={fixRow}
                            template={template.data}
                            onDone={() => setFixing(null)}
                          />
                        ),
                      }
                    : null,
                busy: skipping,
                onFix: (position) => {
                  if (current === position) show(null);
                  setFixing(position);
                },
                onSkip,
              }
            : undefined
        }
      />
    </div>
  );
}
