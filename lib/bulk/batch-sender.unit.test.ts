import { describe, expect, it, vi } from 'vitest';
import { ConsoleApiError } from '../api-error.ts';
import { BatchSender, CONCURRENCY, RECEIPT_MARGIN_MS, type SenderDeps } from './batch-sender.ts';
import type { BulkBatchDetail, BulkRow, BulkRowState } from './schemas.ts';

const row = (position: number, state: BulkRowState, send_key: string | null = null): BulkRow => ({
  position,
  line: position + 2,
  state,
  sender_values: {},
  signers: [],
  expires_in_days: 14,
  reference: null,
  reviewed_at: null,
  pdf_sha256: null,
  send_key,
  package_id: null,
  error: null,
  sent_at: null,
});

const batchOf = (rows: BulkRow[], state: BulkBatchDetail['state'] = 'open'): BulkBatchDetail => ({
  id: 'blk_1',
  template_id: 'dst_nda',
  template_name: 'NDA',
  name: 'B',
  state,
  row_count: rows.length,
  counts: { to_review: 0, reviewed: 0, sending: 0, sent: 0, failed: 0, cancelled: 0 },
  created_at: '',
  updated_at: '',
  rows,
});

function harness(over: Partial<SenderDeps> = {}) {
  let n = 0;
  const deps = {
    preview: vi.fn(async (position: number) => ({ token: `fresh-${position}`, endsAt: 1_000_000, reviewKept: true })),
    send: vi.fn(async (position: number, _token: string, _key: string) => row(position, 'sent')),
    resend: vi.fn(async (_key: string) => null),
    newKey: () => `key-${++n}`,
    now: () => 0,
    changed: vi.fn(),
    refused: vi.fn(),
    wait: vi.fn(async (_ms: number) => undefined),
  };
  return { deps, sender: new BatchSender({ ...deps, ...over }) };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('BatchSender', () => {
  it('sends only reviewed rows of an open batch, at most CONCURRENCY at a time, with the receipt held', async () => {
    const { deps, sender } = harness();
    sender.hold(1, { token: 'held-1', endsAt: 10 * 60_000 });
    sender.sync(batchOf([row(0, 'to_review'), row(1, 'reviewed'), row(2, 'reviewed'), row(3, 'reviewed'), row(4, 'sent')]));
    expect(sender.inFlight.size).toBe(CONCURRENCY);
    await Promise.resolve();
    await Promise.resolve();
    expect(sender.firstAnswerAwaited(1)).toBe(true);
    await settle();
    expect(sender.firstAnswerAwaited(1)).toBe(false);
    expect(deps.send.mock.calls).toEqual([
      [1, 'held-1', 'key-1'],
      [2, 'fresh-2', 'key-2'],
    ]);
    expect(deps.preview.mock.calls).toEqual([[2]]);
    expect(deps.changed).toHaveBeenCalledTimes(2);
  });

  it('starts nothing in a paused or cancelled batch', async () => {
    const { deps, sender } = harness();
    sender.sync(batchOf([row(0, 'reviewed')], 'paused'));
    sender.sync(batchOf([row(0, 'reviewed')], 'cancelled'));
    await settle();
    expect(deps.send).not.toHaveBeenCalled();
  });

  it('previews a receipt near its end again, and sends nothing when the document changed', async () => {
    const preview = vi.fn(async (_position: number) => ({ token: 'other', endsAt: 2_000_000, reviewKept: false }));
    const { deps, sender } = harness({ now: () => 1_000_000 - RECEIPT_MARGIN_MS + 1, preview });
    sender.hold(0, { token: 'old', endsAt: 1_000_000 });
    sender.sync(batchOf([row(0, 'reviewed')]));
    await settle();
    expect(preview).toHaveBeenCalledWith(0);
    expect(deps.send).not.toHaveBeenCalled();
  });

  it('asks again under the same key and receipt after an unknown outcome, even once the batch is paused', async () => {
    const send = vi.fn(async (position: number, _token: string, _key: string) => {
      if (send.mock.calls.length === 1) throw new ConsoleApiError(503, 'UPSTREAM_UNAVAILABLE', 'No answer');
      return row(position, 'sent');
    });
    const { deps, sender } = harness({ send });
    sender.sync(batchOf([row(0, 'reviewed')]));
    await settle();
    expect(deps.refused).not.toHaveBeenCalled();
    // The server bound the key to the row: it reads as sending under it.
    sender.sync(batchOf([row(0, 'sending', 'key-1')], 'paused'));
    await settle();
    expect(send.mock.calls).toEqual([
      [0, 'fresh-0', 'key-1'],
      [0, 'fresh-0', 'key-1'],
    ]);
    expect(deps.wait).toHaveBeenCalledWith(1_000);
  });

  it('settles a send begun before a reload through the journal, under the row’s key', async () => {
    const { deps, sender } = harness();
    sender.sync(batchOf([row(0, 'sending', 'key-from-before')]));
    await settle();
    expect(deps.resend).toHaveBeenCalledWith('key-from-before');
    expect(deps.send).not.toHaveBeenCalled();
  });

  it('drops the key and says why after a definite refusal, so the next send takes a new key', async () => {
    const send = vi.fn(async (position: number, _token: string, _key: string) => {
      if (send.mock.calls.length === 1)
        throw new ConsoleApiError(409, 'BATCH_PAUSED', 'This batch is paused: resume it to send.');
      return row(position, 'sent');
    });
    const { deps, sender } = harness({ send });
    sender.sync(batchOf([row(0, 'reviewed')]));
    await settle();
    expect(deps.refused).toHaveBeenCalledWith(
      expect.objectContaining({ position: 0 }),
      'This batch is paused: resume it to send.',
      'BATCH_PAUSED',
    );
    sender.sync(batchOf([row(0, 'reviewed')]));
    await settle();
    expect(send.mock.calls.map((c) => c[2])).toEqual(['key-1', 'key-2']);
  });

  it('starts nothing once stopped', async () => {
    const { deps, sender } = harness();
    sender.stop();
    sender.sync(batchOf([row(0, 'reviewed')]));
    await settle();
    expect(deps.send).not.toHaveBeenCalled();
  });
});
