import 'server-only';
import type { ReviewEvidence } from '@/lib/packages/schemas';
import { ConsoleError } from '../errors';

// What the sender's browser says it saw is evidence only where the server can hold it to what it
// knows: the confirmation is stamped with the server's clock, the browser's times are moved onto
// that clock by the same offset (a browser whose clock runs wrong by hours still confirms), and
// what then falls outside [the preview, the confirmation] is refused. The page count is the
// server's own (the API's, or counted from the PDF the console passed on), never the browser's.

/** A browser's clock is read once per event; a page seen in the same instant as the preview is fine. */
const SLACK_MS = 5_000;

export interface StampReviewOptions {
  review: ReviewEvidence;
  /**
   * when the server recorded the preview, or the sender's first identical one (previewOf's
   * identical_since: what was seen of that stays seen); null when it has no record of it
   */
  previewedAt: string | null;
  /** the populated PDF's pages as the server knows them; null when it does not */
  pageCount: number | null;
  now: Date;
}

const invalid = (why: string) =>
  new ConsoleError(422, 'REVIEW_EVIDENCE_INVALID', `The review cannot be recorded: ${why}. Review the document again.`, [
    { path: 'review', message: why },
  ]);

/** The evidence as the sending record keeps it, on the server's clock; throws what cannot be so. */
export function stampReview({ review, previewedAt, pageCount, now }: StampReviewOptions): ReviewEvidence {
  const confirmed = Date.parse(review.confirmed_at);
  const offset = now.getTime() - confirmed;
  const floor = previewedAt === null ? -Infinity : Date.parse(previewedAt) - SLACK_MS;
  const moved = (seenAt: string, what: string) => {
    const seen = Date.parse(seenAt);
    if (seen > confirmed) throw invalid(`${what} is said to be seen after the confirmation`);
    const at = seen + offset;
    if (at < floor) throw invalid(`${what} is said to be seen before the preview was made`);
    return new Date(at).toISOString();
  };
  if (pageCount !== null) {
    const beyond = review.pages.find((p) => p.page > pageCount);
    if (beyond) throw invalid(`page ${beyond.page} is said to be seen, and the document has ${pageCount}`);
  }
  const stamped: ReviewEvidence = {
    pages: review.pages.map((p) => ({ page: p.page, seen_at: moved(p.seen_at, `page ${p.page}`) })),
    sections: review.sections.map((s) => ({ id: s.id, seen_at: moved(s.seen_at, `the ${s.id} section`) })),
    confirmed_at: now.toISOString(),
  };
  if (pageCount !== null) stamped.page_count = pageCount;
  return stamped;
}
