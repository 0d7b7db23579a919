import { describe, expect, it } from 'vitest';
import {
  anchorOf,
  COLUMN_PADDING,
  currentPage,
  fitWidthScale,
  layoutPages,
  MAX_RENDERED_PAGES,
  PAGE_GAP,
  pagesOnScreen,
  pagesToRender,
  scrollTopForAnchor,
  scrollTopForPage,
  stepZoom,
} from './page-layout.ts';

const A4 = { width: 595, height: 842 };
const LANDSCAPE = { width: 842, height: 595 };

describe('layoutPages', () => {
  it('stacks pages with gaps and padding at a scale', () => {
    const l = layoutPages([A4, LANDSCAPE, A4], 1);
    expect(l.tops).toEqual([COLUMN_PADDING, COLUMN_PADDING + 842 + PAGE_GAP, COLUMN_PADDING + 842 + 595 + 2 * PAGE_GAP]);
    expect(l.heights).toEqual([842, 595, 842]);
    expect(l.maxWidth).toBe(842);
    expect(l.totalHeight).toBe(2 * COLUMN_PADDING + 842 * 2 + 595 + 2 * PAGE_GAP);
    expect(layoutPages([A4], 0.5).heights).toEqual([421]);
    expect(layoutPages([], 1).totalHeight).toBe(0);
  });
});

describe('pagesToRender', () => {
  const many = layoutPages(
    Array.from({ length: 200 }, () => A4),
    1,
  );

  it('renders the pages in and near the viewport', () => {
    expect(pagesToRender(many, 0, 900, 450)).toEqual([1, 2]);
    const mid = many.tops[99]!;
    expect(pagesToRender(many, mid, 900, 450)).toEqual([99, 100, 101]);
    expect(pagesToRender(many, mid, 900, 900)).toEqual([98, 99, 100, 101, 102]);
  });

  it(`never renders more than ${MAX_RENDERED_PAGES} pages, keeping those nearest the centre`, () => {
    const tiny = layoutPages(
      Array.from({ length: 200 }, () => A4),
      0.1,
    );
    const pages = pagesToRender(tiny, tiny.tops[50]!, 900, 900);
    expect(pages).toHaveLength(MAX_RENDERED_PAGES);
    const centrePage = currentPage(tiny, tiny.tops[50]! + 400, 100);
    expect(pages).toContain(centrePage);
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
  });

  it('renders the last pages at the bottom and nothing for an empty document', () => {
    const bottom = many.totalHeight - 900;
    expect(pagesToRender(many, bottom, 900, 0)).toEqual([199, 200]);
    expect(pagesToRender(layoutPages([], 1), 0, 900, 100)).toEqual([]);
    expect(pagesToRender(many, 0, 0, 100)).toEqual([]);
  });
});

describe('currentPage', () => {
  const l = layoutPages(
    Array.from({ length: 10 }, () => A4),
    1,
  );
  it('is the page showing the most of itself', () => {
    expect(currentPage(l, 0, 900)).toBe(1);
    expect(currentPage(l, l.tops[3]! - 100, 900)).toBe(4);
    expect(currentPage(l, l.tops[3]! + 500, 900)).toBe(5);
    expect(currentPage(l, l.totalHeight - 900, 900)).toBe(10);
  });
});

describe('jumping and zoom anchoring', () => {
  const l = layoutPages(
    Array.from({ length: 10 }, () => A4),
    1,
  );
  it('scrollTopForPage puts the page at the top', () => {
    expect(scrollTopForPage(l, 1)).toBe(COLUMN_PADDING - PAGE_GAP / 2);
    expect(currentPage(l, scrollTopForPage(l, 7), 900)).toBe(7);
    expect(scrollTopForPage(l, 99)).toBe(scrollTopForPage(l, 10));
  });
  it('keeps the same spot when the scale changes', () => {
    const anchor = anchorOf(l, l.tops[4]! + 421);
    expect(anchor).toEqual({ page: 5, fraction: 0.5 });
    const zoomed = layoutPages(
      Array.from({ length: 10 }, () => A4),
      2,
    );
    expect(scrollTopForAnchor(zoomed, anchor)).toBe(zoomed.tops[4]! + 842);
  });
});

describe('zoom', () => {
  it('fit width fills the container with the widest page', () => {
    expect(fitWidthScale([A4, LANDSCAPE], 842 + 2 * COLUMN_PADDING)).toBe(1);
  });
  it('steps through the zoom ladder and stops at its ends', () => {
    expect(stepZoom(1, 1)).toBe(1.1);
    expect(stepZoom(1, -1)).toBe(0.9);
    expect(stepZoom(1.03, 1)).toBe(1.1);
    expect(stepZoom(1.03, -1)).toBe(1);
    expect(stepZoom(3, 1)).toBe(3);
    expect(stepZoom(0.5, -1)).toBe(0.5);
  });
});

describe('pagesOnScreen', () => {
  const l = layoutPages([A4, A4, A4, A4], 1);
  it('counts a page once half of it is in view', () => {
    // Viewport exactly over page 1.
    expect(pagesOnScreen(l, l.tops[0]!, 842)).toEqual([1]);
    // Half of page 1 and a sliver of page 2: only page 1.
    expect(pagesOnScreen(l, l.tops[0]! + 421, 842)).toEqual([1]);
    // Just past half of page 1 scrolled away: page 1 is no longer on screen, page 2 not yet.
    expect(pagesOnScreen(l, l.tops[0]! + 430, 842)).toEqual([]);
    // A tall viewport shows two pages whole.
    expect(pagesOnScreen(l, l.tops[1]!, 2 * 842 + PAGE_GAP)).toEqual([2, 3]);
  });
  it('counts a page taller than the viewport once it fills half the viewport', () => {
    const zoomed = layoutPages([A4, A4], 3);
    expect(pagesOnScreen(zoomed, zoomed.tops[0]! + 100, 600)).toEqual([1]);
    // 200 px of page 2 in a 600 px viewport is not enough; 300 px is.
    expect(pagesOnScreen(zoomed, zoomed.tops[1]! - 400, 600)).toEqual([1]);
    expect(pagesOnScreen(zoomed, zoomed.tops[1]! - 300, 600)).toEqual([2]);
  });
  it('is empty without pages or viewport', () => {
    expect(pagesOnScreen(layoutPages([], 1), 0, 500)).toEqual([]);
    expect(pagesOnScreen(l, 0, 0)).toEqual([]);
  });
});

describe('pagesOnScreen with a share', () => {
  const l = layoutPages([A4, A4], 1);
  it('asks for that share of the page (or of the viewport, for a taller page) to be in view', () => {
    // 55 % of page 1 in view: enough at half, not at 60 %.
    const top = l.tops[0]! + Math.round(l.heights[0]! * 0.45);
    expect(pagesOnScreen(l, top, l.heights[0]!)).toContain(1);
    expect(pagesOnScreen(l, top, l.heights[0]!, 0.6)).not.toContain(1);
    expect(pagesOnScreen(l, l.tops[0]! + Math.round(l.heights[0]! * 0.35), l.heights[0]!, 0.6)).toContain(1);
  });
});
