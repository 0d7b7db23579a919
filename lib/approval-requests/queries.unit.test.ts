import { describe, expect, it } from 'vitest';
import { newestActivityFirst, requestStatusesIn } from './queries.ts';

const pagination = { page: 1, size: 25, total: 4, pages: 1 };

describe('statuses in an approval-request answer', () => {
  it('reads the status of each row of a list page', () => {
    const page = {
      data: [
        { id: 'a', status: 'IN_PROGRESS' },
        { id: 'b', status: 'APPROVED' },
        { id: 'c', status: 'APPROVED' },
      ],
      pagination,
    };
    expect(requestStatusesIn(page)).toEqual(['IN_PROGRESS', 'APPROVED', 'APPROVED']);
  });

  it('reads the status of one request', () => {
    expect(requestStatusesIn({ id: 'a', status: 'ON_HOLD', version: 1 })).toEqual(['ON_HOLD']);
  });

  it('keeps only codes the console can filter by: non-empty strings of at most 40 characters', () => {
    const page = {
      data: [{ status: 'X'.repeat(41) }, { status: '' }, { status: 7 }, {}, null, { status: 'ESCALATED' }],
      pagination,
    };
    expect(requestStatusesIn(page)).toEqual(['ESCALATED']);
  });

  it('finds nothing in what is no answer of that kind', () => {
    expect(requestStatusesIn(undefined)).toEqual([]);
    expect(requestStatusesIn('IN_PROGRESS')).toEqual([]);
    expect(requestStatusesIn({ version: 3, task: { version: 1 } })).toEqual([]);
  });
});

describe('newest activity first', () => {
  it('orders the page by updated_at, latest first, and keeps its pagination', () => {
    const page = {
      data: [
        { id: 'created-last', updated_at: '2026-03-01T10:00:00.000Z' },
        { id: 'touched-last', updated_at: '2026-03-02T09:00:00.000Z' },
        { id: 'oldest', updated_at: '2026-02-01T00:00:00Z' },
      ],
      pagination,
    };
    const sorted = newestActivityFirst(page);
    expect(sorted.data.map((r) => r.id)).toEqual(['touched-last', 'created-last', 'oldest']);
    expect(sorted.pagination).toBe(pagination);
    expect(page.data[0]!.id).toBe('created-last');
  });

  it('compares instants, not strings, across offsets and precisions', () => {
    const page = {
      data: [
        { id: 'utc', updated_at: '2026-03-01T10:00:00Z' },
        { id: 'plus-two', updated_at: '2026-03-01T11:30:00+02:00' },
      ],
      pagination,
    };
    expect(newestActivityFirst(page).data.map((r) => r.id)).toEqual(['utc', 'plus-two']);
  });

  it('puts rows without a readable updated_at last, in the order the API gave', () => {
    const page = {
      data: [
        { id: 'none-1' },
        { id: 'dated', updated_at: '2026-01-01T00:00:00Z' },
        { id: 'garbled', updated_at: 'yesterday' },
        { id: 'none-2' },
      ],
      pagination,
    };
    expect(newestActivityFirst(page).data.map((r) => r.id)).toEqual(['dated', 'none-1', 'garbled', 'none-2']);
  });

  it('keeps the API order among rows with the same time', () => {
    const at = '2026-01-01T00:00:00Z';
    const page = {
      data: [
        { id: 'b', updated_at: at },
        { id: 'a', updated_at: at },
      ],
      pagination,
    };
    expect(newestActivityFirst(page).data.map((r) => r.id)).toEqual(['b', 'a']);
  });
});
