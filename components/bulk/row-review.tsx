'use client';

import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { differingPages, rowDifferences } from '@/lib/bulk/row-differences';
import { previewRow, type RowReceipt } from '@/lib/bulk/queries';
import { useReviewRow } from '@/lib/bulk/mutations';
import type { BulkBatchDetail, BulkRow } from '@/lib/bulk/schemas';
import type { SignTemplate } from '@/lib/catalog/schemas';
import type { PreviewInput } from '@/lib/packages/schemas';
import { ReceiptValidity } from '../packages/send/receipt-validity';
import type { ReviewMemory } from '../packages/send/review-progress';
import { ReviewConfirm } from '../packages/send/review-confirm';
import { ReviewLayout } from '../packages/send/review-layout';
import { useReviewProgress } from '../packages/send/use-review-progress';
import { Button } from '../ui/button';
import { FormError } from '../ui/form-error';
import { ErrorState, Skeleton } from '../ui/states';
import { useApiClockSync, useApiNow } from '../ui/use-api-now';
import { RowDifferencesBox } from './row-differences-box';
import { usePageTexts } from './use-page-texts';

/** The body the row's receipt was made from: the summary falls back on it where the answer is silent. */
const inputOf = (batch: BulkBatchDetail, row: BulkRow): PreviewInput => ({
  template_id: batch.template_id,
  expires_in_days: row.expires_in_days,
  sender_values: row.sender_values,
  signers: row.signers.map((s) => ({ ...s, recipient_kind: 'external' as const })),
  ...(row.reference ? { reference: row.reference } : {}),
});

interface RowReviewProps {
  batch: BulkBatchDetail;
  row: BulkRow;
  template: SignTemplate;
  memory: ReviewMemory;
  /** each reviewed row's page texts, this visit: what the next row's pages are compared with */
  pageTexts: Map<number, string[]>;
  /** confirmed: the receipt to send it with */
  onConfirmed(row: BulkRow, receipt: RowReceipt): void;
  onNext(): void;
  onClose(): void;
  /** another package is waiting for review after this one */
  hasNext: boolean;
}

/**
 * One package of a batch under review, with the single send's gate: a receipt made from the
 * row's own values, every page of its populated PDF and every summary section seen, then
 * "Confirm". What differs from the row before is shown first.
 */
export function RowReview(props: RowReviewProps) {
  const { batch, row } = props;
  // Outside the ['bulk'] prefix: reading the batch again must never make a new receipt.
  const receipt = useQuery({
    queryKey: ['bulk-row-preview', batch.id, row.position],
    queryFn: ({ signal }) => previewRow(batch.id, row.position, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const again = useCallback(async () => {
    await receipt.refetch({ throwOnError: true });
  }, [receipt]);
  if (receipt.isError)
    return (
      <ErrorState
        title={`Row ${row.line} could not be previewed`}
        message={receipt.error.message}
        onRetry={() => void receipt.refetch()}
      />
    );
  if (!receipt.data) return <Skeleton className="h-96 w-full" />;
  // A new receipt is a new review: its confirmation is given afresh.
  return <RowReceiptReview key={receipt.data.preview.preview_token} {...props} receipt={receipt.data} onPreviewAgain={again} />;
}

function RowReceiptReview({
  batch,
  row,
  template,
  memory,
  pageTexts,
  receipt,
  onConfirmed,
  onNext,
  onClose,
  hasNext,
  onPreviewAgain,
}: RowReviewProps & { receipt: RowReceipt; onPreviewAgain(): Promise<void> }) {
  const { preview, endsAt } = receipt;
  const input = useMemo(() => inputOf(batch, row), [batch, row]);
  const progress = useReviewProgress(preview, input, memory);
  const [confirmed, setConfirmed] = useState(false);
  const now = useApiNow(1000, true);
  useApiClockSync(true);
  const expired = endsAt - now <= 0;
  const review = useReviewRow(batch.id);
  const previous = batch.rows.find((r) => r.position === row.position - 1);
  const differences = previous ? rowDifferences(template, previous, row) : null;
  const texts = usePageTexts(batch.template_id, preview.preview_token);
  useEffect(() => {
    if (texts) pageTexts.set(row.position, texts);
  }, [texts, pageTexts, row.position]);
  const previousTexts = previous ? pageTexts.get(previous.position) : undefined;
  const pagesDiffering = texts && previousTexts ? differingPages(previousTexts, texts) : null;
  const done = row.state !== 'to_review' && row.state !== 'reviewed';
  const summaryHeading = useRef<HTMLHeadingElement>(null);

  const confirm = async () => {
    if (!progress.reviewed || !confirmed || expired || review.isPending) return;
    const evidence = { ...progress.evidence(), confirmed_at: new Date().toISOString() };
    const saved = await review
      .mutateAsync({ position: row.position, token: preview.preview_token, review: evidence })
      .catch(() => null);
    if (saved) onConfirmed(saved, receipt);
  };

  return (
    <ReviewLayout
      template={template}
      templateId={batch.template_id}
      preview={preview}
      deadline={endsAt}
      progress={progress}
      now={now}
      heading={`Row ${row.line}${row.reference ? ` · ${row.reference}` : ''}`}
      headingId="row-review-summary"
      headingRef={summaryHeading}
      onGone={() => void onPreviewAgain()}
      onPagesDone={() => summaryHeading.current?.focus()}
      top={
        <>
          {differences && previous && (
            <RowDifferencesBox previousLine={previous.line} differences={differences} pages={pagesDiffering} />
          )}
          <ReceiptValidity remaining={endsAt - now} endsAt={endsAt} onPreviewAgain={onPreviewAgain} />
        </>
      }
    >
      <ReviewConfirm
        checked={confirmed}
        disabled={!progress.reviewed || expired || done || review.isPending}
        onChange={setConfirmed}
        label="I have reviewed this package’s document, values, recipients and expiry."
        hint={
          done
            ? 'This row is past its review.'
            : progress.reviewed
              ? 'Confirming queues this package alone for sending.'
              : `Opens once you have seen every page and section. Still to review: ${progress.left}.`
        }
      />
      <FormError error={review.error} />
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <span className="flex flex-wrap gap-2">
          {hasNext && (
            <Button variant="ghost" onClick={onNext} aria-keyshortcuts="N">
              Next package
            </Button>
          )}
          <Button
            onClick={() => void confirm()}
            disabled={!progress.reviewed || !confirmed || expired || done}
            busy={review.isPending}
          >
            Confirm and send
          </Button>
        </span>
      </div>
      <p className="text-xs text-slate-600">
        Press N for the next package to review. Values come from the spreadsheet: to change one, cancel the batch’s rest and make
        a new batch.
      </p>
    </ReviewLayout>
  );
}
