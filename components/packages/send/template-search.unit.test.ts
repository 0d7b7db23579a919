import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_LENGTH, PICKER_PAGE_SIZE, resultSummary, searchTerm } from './template-search.ts';

describe('searchTerm', () => {
  it('sends the trimmed text, nothing for an empty box, and refuses what the API would', () => {
    expect(searchTerm('  nda ')).toBe('nda');
    expect(searchTerm('   ')).toBeUndefined();
    expect(searchTerm('x'.repeat(MAX_SEARCH_LENGTH))).toBe('x'.repeat(MAX_SEARCH_LENGTH));
    expect(searchTerm('x'.repeat(MAX_SEARCH_LENGTH + 1))).toBeNull();
  });

  it('pages by a size the API accepts', () => {
    expect([25, 50, 100]).toContain(PICKER_PAGE_SIZE);
  });
});

describe('resultSummary', () => {
  const page = (page: number, total: number) => ({ page, size: 25, total, pages: Math.ceil(total / 25) });

  it('counts the whole catalog, or what matches the search', () => {
    expect(resultSummary(undefined, page(1, 5))).toBe('5 templates');
    expect(resultSummary('offer', page(1, 1))).toBe('1 template matches “offer”');
    expect(resultSummary('agreement', page(1, 2))).toBe('2 templates match “agreement”');
    expect(resultSummary('zzz', page(1, 0))).toBe('No results');
  });

  it('says which part of the results this page shows when there is more than one', () => {
    expect(resultSummary(undefined, page(1, 30))).toBe('30 templates · showing 1–25');
    expect(resultSummary(undefined, page(2, 30))).toBe('30 templates · showing 26–30');
    expect(resultSummary('a', page(2, 50))).toBe('50 templates match “a” · showing 26–50');
  });
});
