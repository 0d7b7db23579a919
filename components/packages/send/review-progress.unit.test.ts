import { describe, expect, it } from 'vitest';
import { frozenSummary, missingPages, nextUnreviewed, ReviewMemory, SUMMARY_SECTIONS } from './review-progress.ts';
import type { Preview, PreviewInput } from '@/lib/packages/schemas';

const preview = (over: Partial<Preview> = {}): Preview => ({
  preview_token: 'tok_12345678',
  template_id: 'tpl_nda',
  version: 'tplv_3',
  version_number: 3,
  expires_at: '2026-11-23T10:10:00Z',
  prepared_pdf: { page_count: 4, size_bytes: 1000, sha256: 'a'.repeat(64) },
  ...over,
});
const input: PreviewInput = {
  template_id: 'tpl_nda',
  expires_in_days: 21,
  sender_values: { counterparty: 'Initech' },
  signers: [{ slot_id: 's1', name: 'Alan', email: 'alan@example.com', phone: '+442071234567' }],
};

describe('nextUnreviewed', () => {
  it('is the first unreviewed page after the current one, wrapping to the start', () => {
    const reviewed = new Set([1, 2, 4]);
    expect(nextUnreviewed(reviewed, 6, 1)).toBe(3);
    expect(nextUnreviewed(reviewed, 6, 3)).toBe(5);
    expect(nextUnreviewed(new Set([1, 2, 4, 5, 6]), 6, 5)).toBe(3);
    expect(nextUnreviewed(new Set([1, 2, 3]), 3, 2)).toBeNull();
  });
});

describe('missingPages', () => {
  it('names what is left as ranges, shortened past a few', () => {
    expect(missingPages(new Set([1, 2, 3]), 3)).toBe('');
    expect(missingPages(new Set([1]), 3)).toBe('pages 2–3');
    expect(missingPages(new Set([1, 3]), 4)).toBe('pages 2 and 4');
    expect(missingPages(new Set([2]), 2)).toBe('page 1');
    expect(missingPages(new Set([1, 3, 5, 7]), 200)).toBe('pages 2, 4, 6 and 8–200');
    expect(missingPages(new Set([1, 3, 5, 7, 9]), 12)).toBe('pages 2, 4, 6, 8 and 1 more');
  });
});

describe('ReviewMemory', () => {
  it('keeps the pages reviewed for a PDF by its SHA-256 and nothing else', () => {
    const memory = new ReviewMemory();
    memory.addPages('a'.repeat(64), [1, 2]);
    memory.addPages('a'.repeat(64), [2, 3]);
    expect([...memory.pages('a'.repeat(64))]).toEqual([1, 2, 3]);
    expect(memory.pages('b'.repeat(64)).size).toBe(0);
    // A copy: changing what was handed out changes nothing kept.
    memory.pages('a'.repeat(64)).add(9);
    expect(memory.pages('a'.repeat(64)).has(9)).toBe(false);
  });
  it('keeps seen summary sections only while what they show is the same', () => {
    const memory = new ReviewMemory();
    const one = frozenSummary(preview(), input);
    memory.addSections(one.fingerprint, ['values', 'expiry']);
    expect([...memory.sections(frozenSummary(preview({ preview_token: 'tok_other123' }), input).fingerprint)]).toEqual([
      'values',
      'expiry',
    ]);
    const changed = frozenSummary(preview(), { ...input, expires_in_days: 30 });
    expect(memory.sections(changed.fingerprint).size).toBe(0);
  });
  it('tells the sending record when each page and section was first seen, in order, for this PDF and summary only', () => {
    const memory = new ReviewMemory();
    const sha = 'c'.repeat(64);
    const { fingerprint } = frozenSummary(preview(), input);
    memory.addPages(sha, [3, 1], new Date('2026-11-01T10:00:00Z'));
    memory.addPages(sha, [1, 2], new Date('2026-11-01T10:01:00Z'));
    memory.addPages('d'.repeat(64), [9], new Date('2026-11-01T10:02:00Z'));
    memory.addSections(fingerprint, ['expiry'], new Date('2026-11-01T10:03:00Z'));
    memory.addSections(fingerprint, ['document', 'expiry'], new Date('2026-11-01T10:04:00Z'));
    expect(memory.seen(sha, fingerprint)).toEqual({
      pages: [
        { page: 1, seen_at: '2026-11-01T10:00:00.000Z' },
        { page: 2, seen_at: '2026-11-01T10:01:00.000Z' },
        { page: 3, seen_at: '2026-11-01T10:00:00.000Z' },
      ],
      sections: [
        { id: 'document', seen_at: '2026-11-01T10:04:00.000Z' },
        { id: 'expiry', seen_at: '2026-11-01T10:03:00.000Z' },
      ],
    });
    expect(memory.seen('e'.repeat(64), 'another summary')).toEqual({ pages: [], sections: [] });
  });
});

describe('frozenSummary', () => {
  it('reads what the preview answered, before the request that made it', () => {
    const s = frozenSummary(
      preview({
        sender_values: { counterparty: 'Initech Ltd' },
        signers: [{ slot_id: 's1', name: 'Alan T.', email: 'alan@example.com', phone: '+442071234567' }],
        expires_in_days: 14,
      }),
      input,
    );
    expect(s.values).toEqual({ counterparty: 'Initech Ltd' });
    expect(s.signers[0]!.name).toBe('Alan T.');
    expect(s.expiresInDays).toBe(14);
    expect(s.version).toEqual({ id: 'tplv_3', number: 3 });
  });
  it('falls back to the exact body the receipt was made from when the answer leaves a part out', () => {
    const s = frozenSummary(preview(), input);
    expect(s.values).toEqual({ counterparty: 'Initech' });
    expect(s.signers).toEqual([{ slot_id: 's1', name: 'Alan', email: 'alan@example.com', phone: '+442071234567' }]);
    expect(s.expiresInDays).toBe(21);
  });
  it('takes the template sent when the answer does not name it (the spec does not promise it)', () => {
    const { template_id: _t, expires_at: _e, version_number: _n, ...bare } = preview();
    const s = frozenSummary({ ...bare, prepared_pdf: {} }, input);
    expect(s.templateId).toBe('tpl_nda');
    expect(s.version).toEqual({ id: 'tplv_3', number: null });
  });
  it('lists the sections a sender must see', () => {
    expect(SUMMARY_SECTIONS.map((s) => s.id)).toEqual(['document', 'values', 'recipients', 'expiry']);
  });
});
