import { describe, expect, it } from 'vitest';
import { classifyAnswer, parseRetryAfter, rejectionMessage } from './upload-response.ts';

const NOW = Date.parse('2026-11-02T10:00:00Z');
const errorBody = (code: string, message = 'msg', details?: unknown[]) => JSON.stringify({ error: { code, message, details, request_id: 'con_1' } });
const doc = { id: 'doc_1', name: 'a.pdf', logical_purpose: 'ATTACHMENT', page_count: 3 };

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('3', NOW)).toBe(3);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter(new Date(NOW + 7_500).toUTCString(), NOW)).toBe(7);
    expect(parseRetryAfter(new Date(NOW - 10_000).toUTCString(), NOW)).toBe(0);
  });
  it('is null when absent or unreadable', () => {
    expect(parseRetryAfter(null, NOW)).toBeNull();
    expect(parseRetryAfter('soon', NOW)).toBeNull();
    expect(parseRetryAfter('-1', NOW)).toBeNull();
  });
});

describe('classifyAnswer', () => {
  it('parses a stored document', () => {
    const out = classifyAnswer({ status: 200, retryAfter: null, body: JSON.stringify(doc) }, NOW);
    expect(out).toMatchObject({ kind: 'ok', document: { id: 'doc_1', protected: false, references: [] } });
  });
  it('treats an unreadable success as a rejection, never as done', () => {
    expect(classifyAnswer({ status: 200, retryAfter: null, body: 'oops' }, NOW)).toMatchObject({ kind: 'rejected', code: 'UNEXPECTED_ANSWER' });
  });
  it('status 0 is a network failure', () => {
    expect(classifyAnswer({ status: 0, retryAfter: null, body: '' }, NOW)).toEqual({ kind: 'network' });
  });
  it('401 means sign in again', () => {
    expect(classifyAnswer({ status: 401, retryAfter: null, body: errorBody('SESSION_EXPIRED') }, NOW)).toEqual({ kind: 'unauthenticated' });
  });
  it('UPLOAD_BUSY waits for Retry-After', () => {
    expect(classifyAnswer({ status: 503, retryAfter: '3', body: errorBody('UPLOAD_BUSY', 'Upload capacity is exhausted') }, NOW)).toEqual({
      kind: 'busy',
      seconds: 3,
      code: 'UPLOAD_BUSY',
      message: 'Upload capacity is exhausted',
    });
  });
  it('429 waits too; a missing Retry-After waits 2 s and a huge one is capped', () => {
    expect(classifyAnswer({ status: 429, retryAfter: null, body: errorBody('RATE_LIMITED') }, NOW)).toMatchObject({ kind: 'busy', seconds: 2 });
    expect(classifyAnswer({ status: 503, retryAfter: '86400', body: errorBody('UPLOAD_BUSY') }, NOW)).toMatchObject({ seconds: 120 });
    expect(classifyAnswer({ status: 503, retryAfter: '0', body: errorBody('UPLOAD_BUSY') }, NOW)).toMatchObject({ seconds: 1 });
  });
  it("the console's own upload slots (issue 33) are waited out in their own words, under the same key", () => {
    const mine = 'You already have 2 uploads in progress. This one can start once one of them has finished.';
    expect(classifyAnswer({ status: 429, retryAfter: '5', body: errorBody('TOO_MANY_UPLOADS', mine) }, NOW)).toEqual({
      kind: 'busy',
      seconds: 5,
      code: 'TOO_MANY_UPLOADS',
      message: mine,
    });
    expect(classifyAnswer({ status: 503, retryAfter: '3', body: errorBody('UPLOAD_SLOTS_BUSY', 'The console is busy.') }, NOW)).toMatchObject({
      kind: 'busy',
      seconds: 3,
      message: 'The console is busy.',
    });
  });
  it('a first attempt still running (409 IDEMPOTENCY_IN_PROGRESS) is waited out', () => {
    expect(classifyAnswer({ status: 409, retryAfter: null, body: errorBody('IDEMPOTENCY_IN_PROGRESS') }, NOW)).toMatchObject({ kind: 'busy', seconds: 2 });
  });
  it('refusals carry code, message and details', () => {
    const out = classifyAnswer({ status: 422, retryAfter: null, body: errorBody('PDF_ENCRYPTED', 'The PDF is encrypted', [{ path: 'file', message: 'x' }]) }, NOW);
    expect(out).toEqual({ kind: 'rejected', status: 422, code: 'PDF_ENCRYPTED', message: 'The PDF is encrypted', details: [{ path: 'file', message: 'x' }] });
  });
  it('a body that is not the error shape still gives a sentence', () => {
    expect(classifyAnswer({ status: 502, retryAfter: null, body: '<html>' }, NOW)).toMatchObject({ kind: 'rejected', code: 'HTTP_ERROR', message: 'The console answered 502.' });
  });
});

describe('rejectionMessage', () => {
  it('explains size, role and key reuse', () => {
    const base = { kind: 'rejected' as const, details: [] };
    expect(rejectionMessage({ ...base, status: 413, code: 'FILE_TOO_LARGE', message: 'x' })).toMatch(/larger than 25 MB/);
    expect(rejectionMessage({ ...base, status: 403, code: 'FORBIDDEN', message: 'Your role does not allow this action.' })).toMatch(/operator or admin/);
    expect(rejectionMessage({ ...base, status: 409, code: 'IDEMPOTENCY_KEY_REUSED', message: 'x' })).toMatch(/Choose the file again/);
    expect(rejectionMessage({ ...base, status: 422, code: 'INVALID_PDF', message: 'damaged' })).toBe('damaged');
  });
});
