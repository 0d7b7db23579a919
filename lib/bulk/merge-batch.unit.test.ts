import { describe, expect, it } from 'vitest';
import { mergeBatch } from './merge-batch.ts';
import type { BulkBatchRead, BulkRow, BulkRowState } from './schemas.ts';

const row = (position: number, state: BulkRowState): BulkRow => ({
  position,
  line: position + 2,
  state,
  sender_values: {},
  signers: [],
  expires_in_days: 30,
  reference: null,
  reviewed_at: null,
  pdf_sha256: null,
  send_key: null,
  package_id: null,
  error: null,
  sent_at: null,
});
const read = (rows: BulkRow[], cursor: string, full: boolean, state: BulkBatchRead['state'] = 'open'): BulkBatchRead => ({
  id: 'blk_1',
  template_id: 'dst_nda',
  template_name: 'NDA',
  name: 'B',
  state,
  row_count: 3,
  counts: { to_review: 0, reviewed: 0, sending: 0, sent: 0, failed: 0, cancelled: 0, skipped: 0 },
  owner: { mine: true, name: 'Sam Sender' },
  created_at: '',
  updated_at: '',
  rows,
  cursor,
  full,
});

describe('mergeBatch', () => {
  const held = read([row(0, 'to_review'), row(1, 'to_review'), row(2, 'to_review')], '4', true);

  it('puts each changed row in its place and keeps the others as they were', () => {
    const merged = mergeBatch(held, read([row(1, 'sent')], '6', false, 'paused'));
    expect(merged.rows.map((r) => [r.position, r.state])).toEqual([
      [0, 'to_review'],
      [1, 'sent'],
      [2, 'to_review'],
    ]);
    expect(merged.rows[0]).toBe(held.rows[0]);
    expect(merged).toMatchObject({ cursor: '6', state: 'paused', full: true });
  });

  it('keeps every row when nothing changed, and takes a full answer whole', () => {
    expect(mergeBatch(held, read([], '4', false)).rows).toBe(held.rows);
    const full = read([row(0, 'cancelled')], '9', true);
    expect(mergeBatch(held, full)).toBe(full);
  });
});
