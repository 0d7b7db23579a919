'use client';

import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PdfViewer } from '@/components/pdf/pdf-viewer-lazy';
import { apiClock } from '@/lib/api-clock';
import { previewDocumentQuery } from '@/lib/packages/queries';
import { Button } from '../../ui/button';
import { ErrorState } from '../../ui/states';
import { LoadingBars } from '../../ui/read-first';
import { receiptGone, type BackReason } from './receipt-gone';
import { nextUnreviewed } from './review-progress';
import { Card } from '../../ui/card';

/** Below 60 % an A4 page's body text is under 10 px high: a page seen smaller is not reviewed. */
const READABLE_ZOOM = 0.6;
/**
 * A page counts once 60 % of it (or of the viewport) has stayed in view for 0.4 s: scrolling
 * on at a steady reading pace counts every page (200 pages fit well in the receipt's 10
 * minutes, see bench/pdf-review.ts), a page flung past does not.
 */
const SEEN_AFTER = { ms: 400, share: 0.6 } as const;

interface ReviewDocumentProps {
  templateId: string;
  templateName: string;
  token: string;
  /** when the receipt stops being good, on the API's clock */
  deadline: number;
  reviewed: ReadonlySet<number>;
  /** the page count of the document as the viewer opened it, once it has */
  pageCount: number | null;
  /** true when the progress came from an earlier preview of the very same PDF */
  carried: boolean;
  onOpened(pageCount: number): void;
  onPagesSeen(pages: number[]): void;
  /** the API says the receipt can no longer be used */
  onGone(reason: BackReason): void;
  /** the last unreviewed page was shown by "Next unreviewed page": focus goes on from the button that went */
  onPagesDone(): void;
}

/** The populated PDF with the review's progress, "next unreviewed page" and a rail marking reviewed pages. */
export function ReviewDocument({
  templateId,
  templateName,
  token,
  deadline,
  reviewed,
  pageCount,
  carried,
  onOpened,
  onPagesSeen,
  onGone,
  onPagesDone,
}: ReviewDocumentProps) {
  const pdf = useQuery(previewDocumentQuery(templateId, token));
  const gone = pdf.error ? receiptGone(pdf.error, deadline - apiClock.now()) : undefined;
  useEffect(() => {
    if (gone) onGone(gone);
  }, [gone, onGone]);
  const [goTo, setGoTo] = useState<{ page: number; seq: number } | undefined>(undefined);
  const lastSeen = useRef(1);

  const seen = useCallback(
    (pages: number[]) => {
      lastSeen.current = Math.max(...pages);
      onPagesSeen(pages);
    },
    [onPagesSeen],
  );
  const opened = useCallback((info: { pageCount: number }) => onOpened(info.pageCount), [onOpened]);

  const count = pageCount ?? 0;
  const done = pageCount !== null && [...Array(count).keys()].every((i) => reviewed.has(i + 1));

  // Keyboard users land on the review, not on the page's body: its heading when it opens, the
  // "Next unreviewed page" button once it shows (unless they have moved on), and whatever
  // comes next once that button goes with the last page.
  const heading = useRef<HTMLHeadingElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const offeredNext = useRef(false);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  const showsNext = pageCount !== null && !done;
  useEffect(() => {
    if (!showsNext || offeredNext.current) return;
    offeredNext.current = true;
    if (document.activeElement === heading.current) next.current?.focus({ preventScroll: true });
  }, [showsNext]);
  const drivenByNext = useRef(false);
  useEffect(() => {
    // The button went with the last page: focus would fall to the body.
    const fell = !document.activeElement || document.activeElement === document.body;
    if (done && drivenByNext.current && fell) onPagesDone();
  }, [done, onPagesDone]);
  const reviewedCount = [...reviewed].filter((p) => p >= 1 && p <= count).length;
  const showNext = () => {
    drivenByNext.current = true;
    const page = nextUnreviewed(reviewed, count, lastSeen.current);
    if (page !== null) setGoTo((g) => ({ page, seq: (g?.seq ?? 0) + 1 }));
  };

  return (
    <Card as="section" aria-labelledby="review-doc" className="min-w-0 p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id="review-doc" ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
          Populated document
        </h2>
        {pageCount === null ? (
          // Until the viewer opens the document, a hidden copy of the progress holds its room,
          // so the header keeps its height and the document below does not move when it shows.
          <div aria-hidden className="invisible flex flex-wrap items-center gap-3">
            <div className="min-w-48">
              <p className="text-sm">Reviewed 0 of 0 pages</p>
              <div className="mt-1 h-1.5" />
            </div>
            <span className="inline-flex px-2.5 py-1.5 text-sm font-medium">Next unreviewed page</span>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <div className="min-w-48">
              <p className={`text-sm ${done ? 'font-medium text-emerald-800' : 'text-slate-800'}`} data-testid="review-progress">
                {done ? <span aria-hidden>✓ </span> : null}
                Reviewed {reviewedCount} of {count} page{count === 1 ? '' : 's'}
              </p>
              <div
                role="progressbar"
                aria-label="Pages reviewed"
                aria-valuemin={0}
                aria-valuemax={count}
                aria-valuenow={reviewedCount}
                aria-valuetext={`${reviewedCount} of ${count} pages reviewed`}
                className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-200"
              >
                <div
                  className={`h-full rounded-full ${done ? 'bg-emerald-600' : 'bg-brand-600'}`}
                  style={{ width: `${count ? (reviewedCount / count) * 100 : 0}%` }}
                />
              </div>
            </div>
            {!done && (
              <Button ref={next} size="sm" variant="secondary" onClick={showNext}>
                Next unreviewed page
              </Button>
            )}
          </div>
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {done ? `All ${count} pages reviewed.` : ''}
      </p>
      {showsNext && (
        <p className="mb-3 text-sm text-slate-600" data-testid="review-how">
          Scroll through at your reading pace (or use Next unreviewed page): a page counts once it has been in view for half a
          second.
        </p>
      )}
      {carried && (
        <p className="mb-3 rounded-md bg-brand-50 p-2.5 text-sm text-brand-700">
          This preview’s document is identical to the one you were reviewing (same SHA-256), so the pages you reviewed stay
          reviewed.
        </p>
      )}
      {pdf.isPending && <LoadingBars label="Loading the populated document" bars={['h-6 w-1/3', 'h-[28rem] w-full']} />}
      {pdf.isError && !gone && (
        <ErrorState
          title="The populated document could not be loaded"
          message={pdf.error.message}
          onRetry={() => void pdf.refetch()}
        />
      )}
      {pdf.data && (
        <PdfViewer
          file={pdf.data}
          label={`Populated preview of ${templateName}`}
          heightClassName="h-[70vh] min-h-96"
          onLoad={opened}
          onPagesSeen={seen}
          readableZoom={READABLE_ZOOM}
          seenAfter={SEEN_AFTER}
          goTo={goTo}
          rail={{ marked: reviewed, markLabel: 'reviewed' }}
        />
      )}
    </Card>
  );
}
