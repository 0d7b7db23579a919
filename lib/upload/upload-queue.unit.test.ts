import { describe, expect, it } from 'vitest';
import type { ItemEvent, UploadItem } from './upload-machine.ts';
import { initialUploadQueue, isUploading, readyItems, uploadingItem, uploadQueueReducer, type QueueEvent, type UploadQueue } from './upload-queue.ts';

const NOW = 1_000_000;
const docOf = (id: number) => ({ id: `doc_${id}`, name: `f${id}.pdf`, logical_purpose: 'ATTACHMENT', protected: false, protection_reason: null, references: [] });

const apply = (queue: UploadQueue, ...events: QueueEvent[]) => events.reduce(uploadQueueReducer, queue);
const item = (queue: UploadQueue, id: number) => queue.items.find((i) => i.id === id)!;
const on = (id: number, event: Extract<QueueEvent, { type: 'item' }>['event']): QueueEvent => ({ type: 'item', id, event });
/** Files chosen and passed by the browser's checks, not yet sent. */
const chosen = (queue: UploadQueue, ...ids: number[]) =>
  apply(queue, { type: 'add', files: ids.map((id) => ({ id, name: `f${id}.pdf`, size: 100 * id })) }, ...ids.map((id) => on(id, { type: 'checked', pages: id })));
const sendAll = (queue: UploadQueue): QueueEvent => ({ type: 'send', keys: Object.fromEntries(readyItems(queue).map((i) => [i.id, `key-${i.id}`])) });
const answerOf = (queue: UploadQueue, outcome: Extract<ItemEvent, { type: 'answer' }>['outcome']): QueueEvent => {
  const current = queue.items.find((i) => i.request !== null)!;
  return on(current.id, { type: 'answer', request: current.request!, outcome, now: NOW });
};
const ok = (queue: UploadQueue) => answerOf(queue, { kind: 'ok', document: docOf(uploadingItem(queue)!.id) });
const kinds = (queue: UploadQueue) => queue.items.map((i: UploadItem) => `${i.id}:${i.phase.kind}`);

describe('files uploaded one after another in the same panel', () => {
  // The hook sends each request number once: a number reused by a later upload would never be sent.
  it('each upload is a request the panel has not numbered before', () => {
    let q = chosen(initialUploadQueue, 1);
    q = apply(q, sendAll(q));
    const first = item(q, 1).request;
    q = apply(q, ok(q), { type: 'clear' });
    q = chosen(q, 2);
    q = apply(q, sendAll(q));
    expect(uploadingItem(q)?.id).toBe(2);
    expect(first).toBeTypeOf('number');
    expect(item(q, 2).request).not.toBe(first);
    expect(item(q, 2).key).toBe('key-2');
  });
  it('a new purpose after a network failure is a new request too', () => {
    let q = chosen(initialUploadQueue, 1);
    q = apply(q, sendAll(q));
    const first = item(q, 1).request;
    q = apply(q, answerOf(q, { kind: 'network' }), { type: 'purpose', purpose: 'SIGNATURE_TARGET' }, { type: 'send', keys: { 1: 'key-new' } });
    expect(item(q, 1).phase.kind).toBe('uploading');
    expect(item(q, 1).key).toBe('key-new');
    expect(item(q, 1).request).not.toBe(first);
  });
  it('a second file can be added while the first uploads, and waits for Upload', () => {
    let q = chosen(initialUploadQueue, 1);
    q = chosen(apply(q, sendAll(q)), 2);
    expect(kinds(q)).toEqual(['1:uploading', '2:ready']);
    q = apply(q, sendAll(q));
    expect(kinds(q)).toEqual(['1:uploading', '2:queued']);
    q = apply(q, ok(q));
    expect(kinds(q)).toEqual(['1:done', '2:uploading']);
  });
});

describe('several files at once', () => {
  it('each gets its own key and they are sent one at a time, in order', () => {
    let q = chosen(initialUploadQueue, 1, 2, 3);
    q = apply(q, sendAll(q));
    expect(kinds(q)).toEqual(['1:uploading', '2:queued', '3:queued']);
    expect(q.items.map((i) => i.key)).toEqual(['key-1', 'key-2', 'key-3']);
    q = apply(q, ok(q));
    expect(kinds(q)).toEqual(['1:done', '2:uploading', '3:queued']);
    q = apply(q, ok(q));
    q = apply(q, ok(q));
    expect(kinds(q)).toEqual(['1:done', '2:done', '3:done']);
    expect(new Set(q.items.map((i) => i.request)).size).toBe(1); // all settled (null)
    expect(isUploading(q)).toBe(false);
  });
  it('a busy answer holds the line; the countdown resends the same file with the same key', () => {
    let q = chosen(initialUploadQueue, 1, 2);
    q = apply(q, sendAll(q));
    q = apply(q, answerOf(q, { kind: 'busy', seconds: 2, code: 'UPLOAD_BUSY', message: 'busy' }));
    expect(kinds(q)).toEqual(['1:waiting', '2:queued']);
    q = apply(q, { type: 'resend', id: 1 });
    expect(kinds(q)).toEqual(['1:uploading', '2:queued']);
    expect(item(q, 1).key).toBe('key-1');
    expect(item(q, 1).attempts).toBe(2);
  });
  it('a network failure lets the next file go; Retry puts the failed one back in line with its key', () => {
    let q = chosen(initialUploadQueue, 1, 2);
    q = apply(q, sendAll(q));
    q = apply(q, answerOf(q, { kind: 'network' }));
    expect(kinds(q)).toEqual(['1:failed', '2:uploading']);
    q = apply(q, { type: 'send', keys: { 1: 'unused' } });
    expect(kinds(q)).toEqual(['1:queued', '2:uploading']);
    q = apply(q, ok(q));
    expect(kinds(q)).toEqual(['1:uploading', '2:done']);
    expect(item(q, 1).key).toBe('key-1');
  });
  it('cancelling the file in flight starts the next; its late answer is ignored', () => {
    let q = chosen(initialUploadQueue, 1, 2);
    q = apply(q, sendAll(q));
    const late = ok(q);
    q = apply(q, on(1, { type: 'cancel' }));
    expect(kinds(q)).toEqual(['1:ready', '2:uploading']);
    q = apply(q, late);
    expect(kinds(q)).toEqual(['1:ready', '2:uploading']);
  });
  it('the purpose applies to files not yet sent, and is locked while any is pending', () => {
    let q = chosen(initialUploadQueue, 1);
    q = apply(q, sendAll(q));
    q = chosen(apply(q, ok(q)), 2);
    q = apply(q, { type: 'purpose', purpose: 'SIGNATURE_TARGET' });
    expect(q.items.map((i) => i.purpose)).toEqual(['ATTACHMENT', 'SIGNATURE_TARGET']);
    q = apply(q, sendAll(q), { type: 'purpose', purpose: 'ATTACHMENT' });
    expect(q.purpose).toBe('SIGNATURE_TARGET');
    expect(item(q, 2).purpose).toBe('SIGNATURE_TARGET');
  });
});

describe('the list', () => {
  it('a new choice replaces refused files and clears a refusal of the whole choice', () => {
    let q = apply(initialUploadQueue, { type: 'add', files: [{ id: 1, name: 'photo.pdf', size: 5 }] }, on(1, { type: 'invalid', message: 'not a PDF' }), { type: 'refuse', message: 'too many' });
    q = chosen(q, 2);
    expect(kinds(q)).toEqual(['2:ready']);
    expect(q.refusal).toBeNull();
  });
  it('remove and clear never drop a file that was sent and not yet answered', () => {
    let q = chosen(initialUploadQueue, 1, 2, 3);
    q = apply(q, { type: 'send', keys: { 1: 'key-1' } });
    q = apply(q, { type: 'remove', id: 1 }, { type: 'remove', id: 2 });
    expect(kinds(q)).toEqual(['1:uploading', '3:ready']);
    q = apply(q, { type: 'clear' });
    expect(kinds(q)).toEqual(['1:uploading']);
    expect(isUploading(q)).toBe(true);
  });
  it('request numbers keep counting across a clear', () => {
    let q = chosen(initialUploadQueue, 1);
    q = apply(q, sendAll(q));
    q = apply(q, ok(q), { type: 'clear' });
    expect(q.requests).toBe(1);
    expect(q.items).toEqual([]);
  });
});
