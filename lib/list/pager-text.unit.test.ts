import { describe, expect, it } from 'vitest';
import { pagerText } from './pager-text.ts';

describe('what the pager says', () => {
  it('within the list: the rows shown and the page of how many', () => {
    expect(pagerText({ page: 2, size: 25, total: 60, pages: 3 })).toEqual({
      summary: 'Showing 26–50 of 60',
      position: 'Page 2 of 3',
    });
  });

  it('past the end: never "Page 5 of 1", but that the page is empty and which is the last', () => {
    const said = pagerText({ page: 5, size: 25, total: 7, pages: 1 });
    expect(said.position).not.toMatch(/Page 5 of 1/);
    expect(said.summary).not.toMatch(/5 of 1/);
    expect(said).toEqual({ summary: 'Nothing on page 5: 7 in all, on 1 page', position: 'Past the last page (1)' });
  });

  it('an empty list', () => {
    expect(pagerText({ page: 1, size: 25, total: 0, pages: 0 })).toEqual({ summary: 'No results', position: 'Page 1 of 1' });
  });
});
