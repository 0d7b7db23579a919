'use client';

import { useCallback, useMemo, useState } from 'react';
import type { Preview, PreviewInput } from '@/lib/packages/schemas';
import { frozenSummary, missingPages, SUMMARY_SECTIONS, type ReviewMemory, type SectionId } from './review-progress';

/** Adds pages or sections to a set, keeping the same set when nothing is new. */
function withAll<T>(set: ReadonlySet<T>, items: readonly T[]): ReadonlySet<T> {
  if (items.every((i) => set.has(i))) return set;
  return new Set([...set, ...items]);
}

/**
 * How far the sender has got with one receipt: the pages that have been on screen and the
 * summary sections seen, starting from what `memory` kept of an earlier receipt of the same
 * PDF and summary, and telling it what is seen now.
 */
export function useReviewProgress(preview: Preview, input: PreviewInput, memory: ReviewMemory) {
  // Progress carries over only to a PDF known to be the same: without its digest, only to this receipt.
  const sha = preview.prepared_pdf.sha256 ?? `receipt:${preview.preview_token}`;
  const summary = useMemo(() => frozenSummary(preview, input), [preview, input]);
  const [pages, setPages] = useState<ReadonlySet<number>>(() => memory.pages(sha));
  const [carried] = useState(() => memory.pages(sha).size > 0);
  const [sections, setSections] = useState<ReadonlySet<SectionId>>(() => memory.sections(summary.fingerprint));
  const [pageCount, setPageCount] = useState<number | null>(null);

  const markPages = useCallback(
    (seen: number[]) => {
      memory.addPages(sha, seen);
      setPages((p) => withAll(p, seen));
    },
    [memory, sha],
  );
  const markSection = useCallback(
    (id: SectionId) => {
      memory.addSections(summary.fingerprint, [id]);
      setSections((s) => withAll(s, [id]));
    },
    [memory, summary.fingerprint],
  );

  const pagesLeft = pageCount === null ? null : missingPages(pages, pageCount);
  const sectionsLeft = SUMMARY_SECTIONS.filter((s) => !sections.has(s.id)).map((s) => s.title);
  const reviewed = pagesLeft === '' && sectionsLeft.length === 0;
  const left = [
    pagesLeft === null ? 'the document, once it is shown' : pagesLeft,
    sectionsLeft.length > 0 ? `the ${sectionsLeft.join(', ')} section${sectionsLeft.length === 1 ? '' : 's'}` : '',
  ].filter(Boolean);

  /** What the sending record keeps of this review: each page and section seen, and when. */
  const evidence = useCallback(
    () => ({ ...memory.seen(sha, summary.fingerprint), ...(pageCount !== null ? { page_count: pageCount } : {}) }),
    [memory, sha, summary.fingerprint, pageCount],
  );

  return {
    summary,
    evidence,
    pages,
    /** pages reviewed under an earlier receipt of the same PDF count here too */
    carried,
    sections,
    pageCount,
    setPageCount,
    markPages,
    markSection,
    reviewed,
    /** what is still to be seen, in words */
    left: left.join('; '),
  };
}
