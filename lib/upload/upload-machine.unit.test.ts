import { describe, expect, it } from 'vitest';
import { initialUploadState, isActive, MAX_AUTO_RETRIES, percentOf, secondsLeft, uploadReducer, type UploadEvent, type UploadState } from './upload-machine.ts';

const NOW = 1_000_000;
const FILE = { name: 'contract.pdf', size: 2048, pages: 3 };
const doc = { id: 'doc_1', name: 'contract.pdf', logical_purpose: 'ATTACHMENT', protected: false, protection_reason: null, references: [] };

const run = (...events: UploadEvent[]) => events.reduce(uploadReducer, initialUploadState);
const ready = () => run({ type: 'check', name: FILE.name, size: FILE.size }, { type: 'checked', file: FILE });
const busy = (seconds = 3): UploadEvent => ({ type: 'answer', outcome: { kind: 'busy', seconds, code: 'UPLOAD_BUSY', message: 'Upload capacity is exhausted.' }, now: NOW });
const apply = (state: UploadState, ...events: UploadEvent[]) => events.reduce(uploadReducer, state);

describe('choosing a file', () => {
  it('goes from checking to ready with the file', () => {
    const s = ready();
    expect(s.phase).toEqual({ kind: 'ready' });
    expect(s.file).toEqual(FILE);
    expect(s.key).toBeNull();
  });
  it('an invalid file leaves nothing to send', () => {
    const s = apply(ready(), { type: 'invalid', message: 'not a PDF' });
    expect(s.phase).toEqual({ kind: 'invalid', message: 'not a PDF' });
    expect(apply(s, { type: 'send', freshKey: 'k-000001' }).phase.kind).toBe('invalid');
  });
  it('a late check result for a replaced file is ignored', () => {
    const s = apply(ready(), { type: 'checked', file: { ...FILE, name: 'other.pdf' } });
    expect(s.file?.name).toBe('contract.pdf');
  });
});

describe('one Idempotency-Key per upload intent', () => {
  it('is made at the first send and kept through busy retries and a network retry', () => {
    let s = apply(ready(), { type: 'send', freshKey: 'key-first-1' });
    expect(s.key).toBe('key-first-1');
    expect(s.phase).toEqual({ kind: 'uploading', loaded: 0, total: 2048 });
    s = apply(s, busy(), { type: 'resend' });
    expect(s.key).toBe('key-first-1');
    s = apply(s, { type: 'answer', outcome: { kind: 'network' }, now: NOW });
    expect(s.phase).toMatchObject({ kind: 'failed', retryable: true });
    s = apply(s, { type: 'send', freshKey: 'key-second' });
    expect(s.key).toBe('key-first-1');
    expect(s.attempts).toBe(3);
  });
  it('is kept after a cancel, so uploading the same file again cannot duplicate it', () => {
    const s = apply(ready(), { type: 'send', freshKey: 'key-first-1' }, { type: 'cancel' }, { type: 'send', freshKey: 'key-other' });
    expect(s.key).toBe('key-first-1');
  });
  it('is dropped when the purpose or the file changes, and after success', () => {
    const sent = apply(ready(), { type: 'send', freshKey: 'key-first-1' }, { type: 'cancel' });
    expect(apply(sent, { type: 'purpose', purpose: 'SIGNATURE_TARGET' }).key).toBeNull();
    expect(apply(sent, { type: 'check', name: 'b.pdf', size: 1 }).key).toBeNull();
    const done = apply(ready(), { type: 'send', freshKey: 'key-first-1' }, { type: 'answer', outcome: { kind: 'ok', document: doc }, now: NOW });
    expect(done.phase).toEqual({ kind: 'done', document: doc });
    expect(done.key).toBeNull();
  });
  it('file and purpose are locked while a request is in flight or scheduled', () => {
    const s = apply(ready(), { type: 'send', freshKey: 'key-first-1' });
    expect(isActive(s.phase)).toBe(true);
    expect(apply(s, { type: 'purpose', purpose: 'SIGNATURE_TARGET' }).purpose).toBe('ATTACHMENT');
    expect(apply(s, { type: 'check', name: 'b.pdf', size: 1 })).toBe(s);
    expect(apply(s, { type: 'send', freshKey: 'x' })).toBe(s);
  });
});

describe('progress', () => {
  it('reports bytes, then processing once the body is sent', () => {
    let s = apply(ready(), { type: 'send', freshKey: 'key-first-1' }, { type: 'progress', loaded: 1024, total: 2048 });
    expect(s.phase).toEqual({ kind: 'uploading', loaded: 1024, total: 2048 });
    s = apply(s, { type: 'sent' });
    expect(s.phase).toEqual({ kind: 'processing' });
    expect(apply(s, { type: 'progress', loaded: 1, total: 2 }).phase.kind).toBe('processing');
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
    const s = apply(ready(), { type: 'send', freshKey: 'key-first-1' }, busy(3));
    expect(s.phase).toEqual({ kind: 'waiting', until: NOW + 3000, seconds: 3, reason: 'Upload capacity is exhausted.', retries: 1 });
    const again = apply(s, { type: 'resend' });
    expect(again.phase.kind).toBe('uploading');
    expect(again.key).toBe('key-first-1');
    expect(again.attempts).toBe(2);
  });
  it(`give up after ${MAX_AUTO_RETRIES} automatic retries and let the user retry`, () => {
    let s = apply(ready(), { type: 'send', freshKey: 'key-first-1' });
    for (let i = 0; i < MAX_AUTO_RETRIES; i++) s = apply(s, busy(), { type: 'resend' });
    s = apply(s, busy());
    expect(s.phase).toMatchObject({ kind: 'failed', retryable: true });
    expect((s.phase as { message: string }).message).toMatch(/after 5 automatic retries/);
    s = apply(s, { type: 'send', freshKey: 'unused' }, busy());
    expect(s.phase.kind).toBe('waiting');
    expect(s.key).toBe('key-first-1');
  });
  it('cancel stops the countdown', () => {
    const s = apply(ready(), { type: 'send', freshKey: 'key-first-1' }, busy(), { type: 'cancel' });
    expect(s.phase).toEqual({ kind: 'ready', notice: 'Upload cancelled. Nothing was added.' });
    expect(apply(s, { type: 'resend' })).toBe(s);
  });
  it('cancel after the body was sent says the document may still appear', () => {
    const s = apply(ready(), { type: 'send', freshKey: 'key-first-1' }, { type: 'sent' }, { type: 'cancel' });
    expect(s.phase).toMatchObject({ kind: 'ready', notice: expect.stringMatching(/may still appear/) });
  });
});

describe('refusals', () => {
  it('a 4xx refusal cannot be retried with the same bytes', () => {
    const s = apply(ready(), { type: 'send', freshKey: 'key-first-1' }, {
      type: 'answer',
      outcome: { kind: 'rejected', status: 422, code: 'PDF_ENCRYPTED', message: 'The PDF is encrypted.', details: [] },
      now: NOW,
    });
    expect(s.phase).toEqual({ kind: 'failed', message: 'The PDF is encrypted.', retryable: false });
    expect(apply(s, { type: 'send', freshKey: 'x' })).toBe(s);
  });
  it('a 5xx failure can be retried', () => {
    const s = apply(ready(), { type: 'send', freshKey: 'key-first-1' }, {
      type: 'answer',
      outcome: { kind: 'rejected', status: 502, code: 'UPSTREAM_ERROR', message: 'failed', details: [] },
      now: NOW,
    });
    expect(s.phase).toMatchObject({ kind: 'failed', retryable: true });
  });
  it('answers that arrive after a cancel are ignored', () => {
    const s = apply(ready(), { type: 'send', freshKey: 'key-first-1' }, { type: 'cancel' }, { type: 'answer', outcome: { kind: 'ok', document: doc }, now: NOW });
    expect(s.phase.kind).toBe('ready');
  });
  it('clear keeps the chosen purpose', () => {
    const s = apply(ready(), { type: 'purpose', purpose: 'SIGNATURE_TARGET' }, { type: 'clear' });
    expect(s).toEqual({ ...initialUploadState, purpose: 'SIGNATURE_TARGET' });
  });
});
