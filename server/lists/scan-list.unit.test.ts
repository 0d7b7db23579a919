import 'server-only';
import { describe, expect, it } from 'vitest';
import { pageOfRows, scanList, SCAN_PAGE_SIZE } from './scan-list';

/** A list of `total` numbered records, as the API pages it, counting the pages asked. */
function api(total: number) {
  const asked: number[] = [];
  const read = async (page: number, size: number) => {
    asked.push(page);
    const data = Array.from({ length: Math.max(0, Math.min(size, total - (page - 1) * size)) }, (_, i) => (page - 1) * size + i);
    return { data, pagination: { page, size, total, pages: Math.ceil(total / size) } };
  };
  return { read, asked };
}

describe('scanList', () => {
  it('reads every page of a list shorter than the bound, each once', async () => {
    const { read, asked } = api(250);
    const scan = await scanList({ read, maxRows: 2_000 });
    expect(scan.rows).toEqual(Array.from({ length: 250 }, (_, i) => i));
    expect(scan).toMatchObject({ scanned: 250, complete: true });
    expect(asked.sort()).toEqual([1, 2, 3]);
  });

  it('stops at the bound and says the list went on', async () => {
    const { read, asked } = api(10_000);
    const scan = await scanList({ read, maxRows: 450 });
    expect(scan.rows).toHaveLength(450);
    expect(scan).toMatchObject({ scanned: 450, complete: false });
    expect(Math.max(...asked)).toBe(Math.ceil(450 / SCAN_PAGE_SIZE));
  });

  it('reads an empty list with one request', async () => {
    const { read, asked } = api(0);
    expect(await scanList({ read, maxRows: 100 })).toEqual({ rows: [], scanned: 0, complete: true });
    expect(asked).toEqual([1]);
  });

  it('pages what it kept as the list routes do', () => {
    const rows = Array.from({ length: 60 }, (_, i) => i);
    expect(pageOfRows(rows, 3, 25)).toEqual({ data: rows.slice(50), pagination: { page: 3, size: 25, total: 60, pages: 3 } });
    expect(pageOfRows([], 1, 25).pagination).toEqual({ page: 1, size: 25, total: 0, pages: 0 });
  });
});
