import { describe, expect, it } from 'vitest';
import { currentPage, pageOffsets, visibleBand, visiblePages } from './virtual-pages.ts';

const heights = Array.from({ length: 200 }, () => 1000);
const offsets = pageOffsets(heights, 20);

describe('page virtualisation', () => {
  it('stacks pages with a gap', () => {
    expect(pageOffsets([100, 200, 50], 10)).toEqual([0, 110, 320]);
  });

  it('keeps a bounded number of pages around the viewport of a 200-page document', () => {
    expect(visiblePages(offsets, heights, 0, 800, 400)).toEqual({ first: 0, last: 1 });
    const middle = visiblePages(offsets, heights, 100 * 1020 + 500, 800, 1200);
    expect(middle).toEqual({ first: 99, last: 102 });
    expect(middle.last - middle.first + 1).toBeLessThanOrEqual(5);
    expect(visiblePages(offsets, heights, 199 * 1020, 800, 0)).toEqual({ first: 199, last: 199 });
  });

  it('answers the first page for an empty viewport computation', () => {
    expect(visiblePages([], [], 0, 800, 0)).toEqual({ first: 0, last: -1 });
    expect(visiblePages([0], [100], 5000, 800, 0)).toEqual({ first: 0, last: 0 });
  });

  it('measures the part of a page in view', () => {
    expect(visibleBand(1020, 1000, 1500, 800)).toEqual({ from: 480, to: 1000 });
    expect(visibleBand(0, 1000, 200, 300)).toEqual({ from: 200, to: 500 });
    expect(visibleBand(3000, 1000, 0, 800)).toBeNull();
  });

  it('calls the page showing the most of itself the current page', () => {
    expect(currentPage(offsets, heights, 0, 800)).toBe(0);
    expect(currentPage(offsets, heights, 1020 - 300, 800)).toBe(1);
    expect(currentPage(offsets, heights, 1020 - 500, 800)).toBe(0);
  });
});
