import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewEvidence } from '@/lib/packages/schemas';
import { connect, migrate } from '../db/connect';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { previewOf } from './preview-of';
import { recordPreview, type RecordPreviewOptions } from './record-preview';
import { stampReview } from './review-evidence';

// A receipt that lapses mid-review is previewed again; the same values make the same PDF, so what
// was seen of it stays seen, with the times it was seen: before the new receipt was made. The
// bulk-lapse journey was refused so ('page 2 is said to be seen before the preview was made')
// whenever more than a few seconds passed between the first look and the second preview.

let dir: string;
let db: Kysely<Database>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'signdesk-preview-of-'));
  db = await connect({ dataDir: dir });
  await migrate(db, false);
});
afterAll(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const at = (hhmmss: string) => new Date(`2026-11-28T${hhmmss}.000Z`);
const preview = (token: string, when: string, over: Partial<RecordPreviewOptions> = {}): RecordPreviewOptions => ({
  userId: 'usr_sender',
  previewToken: token,
  templateId: 'dst_nda',
  templateName: 'Mutual non-disclosure agreement',
  reference: null,
  senderValues: { counterparty_name: 'Contractor 11' },
  signers: [{ slot_id: 'counterparty', name: 'Contractor 11', email: 'c11@example.org', phone: '' }],
  expiresInDays: 14,
  pdf: { sha256: 'a'.repeat(64), page_count: 3 },
  templateVersion: { id: 'dstv_nda_2', number: 2 },
  at: at(when),
  ...over,
});
/** Pages 1-3 and the values seen at 12:00:10, confirmed at 12:10:30 on the server's clock. */
const seenFirst: ReviewEvidence = {
  pages: [1, 2, 3].map((page) => ({ page, seen_at: '2026-11-28T12:00:10.000Z' })),
  sections: [{ id: 'values', seen_at: '2026-11-28T12:00:20.000Z' }],
  confirmed_at: '2026-11-28T12:10:30.000Z',
};
const verdict = async (token: string, userId = 'usr_sender') => {
  const known = await previewOf(db, token, userId);
  try {
    stampReview({ review: seenFirst, previewedAt: known?.identical_since ?? null, pageCount: 3, now: at('12:10:30') });
    return 'accepted';
  } catch (err) {
    return err instanceof ConsoleError ? err.code : String(err);
  }
};

describe('previewOf: what was seen of an identical earlier preview', () => {
  it('counts the sender’s first identical preview as when its pages could first be seen', async () => {
    await recordPreview(db, preview('tok-first', '12:00:00'));
    await recordPreview(db, preview('tok-again', '12:10:00'));
    expect((await previewOf(db, 'tok-again', 'usr_sender'))?.identical_since).toBe('2026-11-28T12:00:00.000Z');
    expect(await verdict('tok-again')).toBe('accepted');
  });

  it('still refuses pages seen before a preview whose document or summary differs, or was another sender’s', async () => {
    await recordPreview(db, preview('tok-other-pdf', '12:10:00', { pdf: { sha256: 'b'.repeat(64), page_count: 3 } }));
    await recordPreview(db, preview('tok-other-values', '12:10:01', { senderValues: { counterparty_name: 'Contractor 12' } }));
    await recordPreview(db, preview('tok-other-expiry', '12:10:02', { expiresInDays: 7 }));
    await recordPreview(db, preview('tok-other-sender', '12:10:03', { userId: 'usr_other' }));
    await recordPreview(db, preview('tok-unknown-pdf', '12:10:04', { pdf: { sha256: null, page_count: 3 } }));
    expect({
      pdf: await verdict('tok-other-pdf'),
      values: await verdict('tok-other-values'),
      expiry: await verdict('tok-other-expiry'),
      sender: await verdict('tok-other-sender', 'usr_other'),
      unknown: await verdict('tok-unknown-pdf'),
      askedByAnother: await verdict('tok-again', 'usr_other'),
    }).toEqual({
      pdf: 'REVIEW_EVIDENCE_INVALID',
      values: 'REVIEW_EVIDENCE_INVALID',
      expiry: 'REVIEW_EVIDENCE_INVALID',
      sender: 'REVIEW_EVIDENCE_INVALID',
      unknown: 'REVIEW_EVIDENCE_INVALID',
      askedByAnother: 'REVIEW_EVIDENCE_INVALID',
    });
  });
});
