'use client';

import type { RefObject } from 'react';
import type { SignTemplate } from '@/lib/catalog/schemas';
import type { Preview } from '@/lib/packages/schemas';
import { Card } from '../../ui/card';
import type { BackReason } from './receipt-gone';
import { ReviewDocument } from './review-document';
import { ReviewSummary } from './review-summary';
import type { useReviewProgress } from './use-review-progress';

interface ReviewLayoutProps {
  /** the template as the console reads it; the receipt's own template id goes to the document */
  template: SignTemplate;
  templateId: string;
  preview: Preview;
  /** when the receipt ends, on the API's clock */
  deadline: number;
  progress: ReturnType<typeof useReviewProgress>;
  /** the browser's idea of now, for the expiry's "if sent now" */
  now: number;
  heading: React.ReactNode;
  headingId: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onGone(reason: BackReason): void;
  onPagesDone(): void;
  /** what the aside shows between its heading and the summary (the receipt's time, differences) */
  top: React.ReactNode;
  /** what follows the summary (the confirmation and the actions) */
  children: React.ReactNode;
}

/** A review's two halves, the same for one package or a batch's: the populated PDF, and the summary beside it. */
export function ReviewLayout({
  template,
  templateId,
  preview,
  deadline,
  progress,
  now,
  heading,
  headingId,
  headingRef,
  onGone,
  onPagesDone,
  top,
  children,
}: ReviewLayoutProps) {
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <ReviewDocument
        templateId={templateId}
        templateName={template.name}
        token={preview.preview_token}
        deadline={deadline}
        reviewed={progress.pages}
        pageCount={progress.pageCount}
        carried={progress.carried}
        onOpened={progress.setPageCount}
        onPagesSeen={progress.markPages}
        onGone={onGone}
        onPagesDone={onPagesDone}
      />
      <Card as="aside" aria-labelledby={headingId} className="flex flex-col gap-3 self-start p-5 lg:sticky lg:top-4">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
          {heading}
        </h2>
        {top}
        <ReviewSummary
          template={template}
          preview={preview}
          summary={progress.summary}
          seen={progress.sections}
          onSeen={progress.markSection}
          now={now}
        />
        {children}
      </Card>
    </div>
  );
}
