import 'server-only';
import { describe, expect, it } from 'vitest';
import type { ReviewEvidence } from '@/lib/packages/schemas';
import { ConsoleError } from '../errors';
import { stampReview } from './review-evidence';

const now = new Date('2026-11-28T12:00:00.000Z');
const previewedAt = '2026-11-28T11:58:00.000Z';
const review = (over: Partial<ReviewEvidence> = {}): ReviewEvidence => ({
  pages: [
    { page: 1, seen_at: '2026-11-28T11:58:10.000Z' },
    { page: 2, seen_at: '2026-11-28T11:58:20.000Z' },
  ],
  sections: [{ id: 'values', seen_at: '2026-11-28T11:58:30.000Z' }],
  confirmed_at: '2026-11-28T11:59:50.000Z',
  ...over,
});
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof ConsoleError ? `${err.status} ${err.code}` : String(err);
  }
  return 'accepted';
};

describe('stampReview', () => {
  it("stamps the confirmation with the server's clock and moves the browser's times by the same offset", () => {
    const stamped = stampReview({ review: review(), previewedAt, pageCount: 2, now });
    expect(stamped.confirmed_at).toBe(now.toISOString());
    expect(stamped.pages).toEqual([
      { page: 1, seen_at: '2026-11-28T11:58:20.000Z' },
      { page: 2, seen_at: '2026-11-28T11:58:30.000Z' },
    ]);
    expect(stamped.sections).toEqual([{ id: 'values', seen_at: '2026-11-28T11:58:40.000Z' }]);
    expect(stamped.page_count).toBe(2);
  });

  it('keeps a browser whose clock runs hours wrong', () => {
    const skewed = review({
      pages: [{ page: 1, seen_at: '2026-11-28T08:58:10.000Z' }],
      sections: [],
      confirmed_at: '2026-11-28T08:59:50.000Z',
    });
    expect(stampReview({ review: skewed, previewedAt, pageCount: 1, now }).pages[0]!.seen_at).toBe('2026-11-28T11:58:20.000Z');
  });

  it('refuses a record that says "confirmed 1999" with pages seen before the preview, or seen in 2099', () => {
    const forged = review({ confirmed_at: '1999-01-01T00:00:00.000Z' });
    expect(refusal(() => stampReview({ review: forged, previewedAt, pageCount: 2, now }))).toBe('422 REVIEW_EVIDENCE_INVALID');
    const future = review({ pages: [{ page: 1, seen_at: '2099-01-01T00:00:00.000Z' }] });
    expect(refusal(() => stampReview({ review: future, previewedAt, pageCount: 2, now }))).toBe('422 REVIEW_EVIDENCE_INVALID');
    const early = review({ pages: [{ page: 1, seen_at: '2026-11-28T10:00:00.000Z' }] });
    expect(refusal(() => stampReview({ review: early, previewedAt, pageCount: 2, now }))).toBe('422 REVIEW_EVIDENCE_INVALID');
  });

  it("takes the server's page count, never the browser's, and refuses pages beyond it", () => {
    const claimed = review({ page_count: 1 });
    expect(stampReview({ review: claimed, previewedAt, pageCount: 200, now }).page_count).toBe(200);
    expect(stampReview({ review: claimed, previewedAt, pageCount: null, now }).page_count).toBeUndefined();
    const beyond = review({ pages: [{ page: 3, seen_at: '2026-11-28T11:58:10.000Z' }] });
    expect(refusal(() => stampReview({ review: beyond, previewedAt, pageCount: 2, now }))).toBe('422 REVIEW_EVIDENCE_INVALID');
  });

  it('without a record of the preview, still holds the times to the confirmation', () => {
    expect(refusal(() => stampReview({ review: review(), previewedAt: null, pageCount: null, now }))).toBe('accepted');
    const future = review({ sections: [{ id: 'expiry', seen_at: '2099-01-01T00:00:00.000Z' }] });
    expect(refusal(() => stampReview({ review: future, previewedAt: null, pageCount: null, now }))).toBe(
      '422 REVIEW_EVIDENCE_INVALID',
    );
  });
});
