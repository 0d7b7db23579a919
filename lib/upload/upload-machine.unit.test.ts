import { describe, expect, it } from 'vitest';
import { canSend, isActive, isPending, itemReducer, MAX_AUTO_RETRIES, newItem, percentOf, type ItemEvent, type UploadItem } from './upload-machine.ts';
import { secondsLeft } from '../seconds-left.ts';

const NOW = 1_000_000;
const doc = { id: 'doc_1', name: 'contract.pdf', logical_purpose: 'ATTACHMENT', protected: false, protection_reason: null, references: [] };

const apply = (item: UploadItem, ...events: ItemEvent[]) => events.reduce(itemReducer, item);
const ready = () => apply(newItem(1, 'contract.pdf', 2048, 'ATTACHMENT'), { type: 'checked', pages: 3 });
/** Sent and started as the queue would: request numbers come from the queue. */
const started = (request = 1) => apply(ready(), { type: 'send', freshKey: 'key-first-1' }, { type: 'start', request });
const busy = (request: number, seconds = 3): ItemEvent => ({ type: 'answer', request, outcome: { kind: 'busy', seconds, code: 'UPLOAD_BUSY', message: 'Upload capacity is exhausted.' }, now: NOW });
const answer = (request: number, outcome: Extract<ItemEvent, { type: 'answer' }>['outcome']): ItemEvent => ({ type: 'answer', request, outcome, now: NOW });

describe('checking a file', () => {
  it('goes from checking to ready with its page count', () => {
    const s = ready();
    expect(s.phase).toEqual({ kind: 'ready' });
    expect(s.pages).toBe(3);
    expect(s.key).toBeNull();
  });
  it('an invalid file leaves nothing to send', () => {
    const s = apply(newItem(1, 'photo.pdf', 10, 'ATTACHMENT'), { type: 'invalid', message: 'not a PDF' });
    expect(s.phase).toEqual({ kind: 'invalid', message: 'not a PDF' });
    expect(canSend(s.phase)).toBe(false);
    expect(apply(s, { type: 'send', freshKey: 'k-000001' }).phase.kind).toBe('invalid');
  });
  it('a late check result is ignored', () => {
    expect(apply(ready(), { type: 'checked', pages: 9 }).pages).toBe(3);
    expect(apply(ready(), { type: 'invalid', message: 'late' }).phase.kind).toBe('ready');
  });
});

describe('one Idempotency-Key per upload intent', () => {
  it('is made at the first send and kept through busy retries and a network retry', () => {
    let s = apply(ready(), { type: 'send', freshKey: 'key-first-1' });
    expect(s.key).toBe('key-first-1');
    expect(s.phase).toEqual({ kind: 'queued' });
    s = apply(s, { type: 'start', request: 1 });
    expect(s.phase).toEqual({ kind: 'uploading', loaded: 0, total: 2048 });
    s = apply(s, busy(1), { type: 'start', request: 2 });
    expect(s.key).toBe('key-first-1');
    s = apply(s, answer(2, { kind: 'network' }));
    expect(s.phase).toMatchObject({ kind: 'failed', retryable: true });
    s = apply(s, { type: 'send', freshKey: 'key-second' }, { type: 'start', request: 3 });
    expect(s.key).toBe('key-first-1');
    expect(s.attempts).toBe(3);
  });
  it('is kept after a cancel, so uploading the same file again cannot duplicate it', () => {
    const s = apply(started(), { type: 'cancel' }, { type: 'send', freshKey: 'key-other' });
    expect(s.key).toBe('key-first-1');
  });
  it('is dropped when the purpose changes, and after success', () => {
    const cancelled = apply(started(), { type: 'cancel' });
    expect(apply(cancelled, { type: 'purpose', purpose: 'SIGNATURE_TARGET' }).key).toBeNull();
    const done = apply(started(), answer(1, { kind: 'ok', document: doc }));
    expect(done.phase).toEqual({ kind: 'done', document: doc });
    expect(done.key).toBeNull();
    expect(done.request).toBeNull();
  });
  it('the purpose is locked once sent (queued, in flight or counting down) and after success', () => {
    const queued = apply(ready(), { type: 'send', freshKey: 'key-first-1' });
    expect(isPending(queued.phase)).toBe(true);
    expect(isActive(queued.phase)).toBe(false);
    expect(apply(queued, { type: 'purpose', purpose: 'SIGNATURE_TARGET' }).purpose).toBe('ATTACHMENT');
    expect(isActive(started().phase)).toBe(true);
    expect(apply(started(), { type: 'purpose', purpose: 'SIGNATURE_TARGET' })).toEqual(started());
    expect(apply(started(), { type: 'send', freshKey: 'x' })).toEqual(started());
    const done = apply(started(), answer(1, { kind: 'ok', document: doc }));
    expect(apply(done, { type: 'purpose', purpose: 'SIGNATURE_TARGET' }).purpose).toBe('ATTACHMENT');
  });
});

describe('progress', () => {
  it('reports bytes, then processing once the body is sent', () => {
    let s = apply(started(), { type: 'progress', request: 1, loaded: 1024, total: 2048 });
    expect(s.phase).toEqual({ kind: 'uploading', loaded: 1024, total: 2048 });
    s = apply(s, { type: 'sent', request: 1 });
    expect(s.phase).toEqual({ kind: 'processing' });
    expect(apply(s, { type: 'progress', request: 1, loaded: 1, total: 2 }).phase.kind).toBe('processing');
  });
  it('percentOf and secondsLeft round the way a user reads them', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(secondsLeft(NOW + 2_001, NOW)).toBe(3);
    expect(secondsLeft(NOW + 1_000, NOW)).toBe(1);
    expect(secondsLeft(NOW - 5, NOW)).toBe(0);
  });
});

describe('busy answers (UPLOAD_BUSY, 429)', () => {
  it('wait for Retry-After, then resend the same key', () => {
    const s = apply(started(), busy(1, 3));
    expect(s.phase).toEqual({ kind: 'waiting', until: NOW + 3000, seconds: 3, reason: 'Upload capacity is exhausted.', retries: 1 });
    const again = apply(s, { type: 'start', request: 2 });
    expect(again.phase.kind).toBe('uploading');
    expect(again.key).toBe('key-first-1');
    expect(again.attempts).toBe(2);
  });
  it(`give up after ${MAX_AUTO_RETRIES} automatic retries and let the user retry`, () => {
    let s = started(1);
    let request = 1;
    for (let i = 0; i < MAX_AUTO_RETRIES; i++) s = apply(s, busy(request), { type: 'start', request: ++request });
    s = apply(s, busy(request));
    expect(s.phase).toMatchObject({ kind: 'failed', retryable: true });
    expect((s.phase as { message: string }).message).toMatch(/after 5 automatic retries/);
    s = apply(s, { type: 'send', freshKey: 'unused' }, { type: 'start', request: ++request }, busy(request));
    expect(s.phase.kind).toBe('waiting');
    expect(s.key).toBe('key-first-1');
  });
  it('cancel stops the countdown', () => {
    const s = apply(started(), busy(1), { type: 'cancel' });
    expect(s.phase).toEqual({ kind: 'ready', notice: 'Upload cancelled. Nothing was added.' });
    expect(apply(s, { type: 'start', request: 2 })).toEqual(s);
  });
  it('cancel after the body was sent says the document may still appear', () => {
    const s = apply(started(), { type: 'sent', request: 1 }, { type: 'cancel' });
    expect(s.phase).toMatchObject({ kind: 'ready', notice: expect.stringMatching(/may still appear/) });
  });
  it('a queued file can be cancelled before it is sent', () => {
    const s = apply(ready(), { type: 'send', freshKey: 'key-first-1' }, { type: 'cancel' });
    expect(s.phase).toEqual({ kind: 'ready', notice: 'Upload cancelled. Nothing was added.' });
  });
});

describe('refusals', () => {
  it('a 4xx refusal cannot be retried with the same bytes', () => {
    const s = apply(started(), answer(1, { kind: 'rejected', status: 422, code: 'PDF_ENCRYPTED', message: 'The PDF is encrypted.', details: [] }));
    expect(s.phase).toEqual({ kind: 'failed', message: 'The PDF is encrypted.', retryable: false });
    expect(apply(s, { type: 'send', freshKey: 'x' })).toBe(s);
  });
  it('a 5xx failure can be retried', () => {
    const s = apply(started(), answer(1, { kind: 'rejected', status: 502, code: 'UPSTREAM_ERROR', message: 'failed', details: [] }));
    expect(s.phase).toMatchObject({ kind: 'failed', retryable: true });
  });
});

describe('answers of any other attempt are stale', () => {
  it('after a cancel', () => {
    const s = apply(started(), { type: 'cancel' }, answer(1, { kind: 'ok', document: doc }));
    expect(s.phase.kind).toBe('ready');
  });
  it('after the countdown started a newer attempt', () => {
    const s = apply(started(1), busy(1), { type: 'start', request: 2 }, { type: 'progress', request: 1, loaded: 9, total: 9 }, answer(1, { kind: 'network' }));
    expect(s.phase).toEqual({ kind: 'uploading', loaded: 0, total: 2048 });
    expect(apply(s, answer(2, { kind: 'ok', document: doc })).phase.kind).toBe('done');
  });
});
