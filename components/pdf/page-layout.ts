// Geometry of the virtualised viewer, pure so it is unit-tested: where each page sits in the
// scrolled column at a scale, which pages are near the viewport (the only ones given a
// canvas), which page the reader is on, and the zoom steps.

export interface PageSize {
  /** in PDF points, rotation applied */
  width: number;
  height: number;
}

export interface PageLayout {
  /** top of each page in CSS pixels from the top of the column */
  tops: number[];
  heights: number[];
  widths: number[];
  totalHeight: number;
  maxWidth: number;
}

/** Gap between pages and padding around the column, in CSS pixels. */
export const PAGE_GAP = 16;
export const COLUMN_PADDING = 16;
/** At most this many pages hold a canvas at once, whatever the document's length. */
export const MAX_RENDERED_PAGES = 6;
/** CSS pixels per PDF point at 100 % (96 dpi screen, 72 points per inch), as pdf.js uses. */
export const CSS_UNITS = 96 / 72;
export const ZOOM_STEPS = [0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;
export const MIN_ZOOM = ZOOM_STEPS[0];
export const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;

export function layoutPages(sizes: readonly PageSize[], scale: number): PageLayout {
  const tops: number[] = [];
  const heights: number[] = [];
  const widths: number[] = [];
  let y = COLUMN_PADDING;
  let maxWidth = 0;
  for (const size of sizes) {
    const h = Math.floor(size.height * scale);
    const w = Math.floor(size.width * scale);
    tops.push(y);
    heights.push(h);
    widths.push(w);
    maxWidth = Math.max(maxWidth, w);
    y += h + PAGE_GAP;
  }
  const totalHeight = sizes.length === 0 ? 0 : y - PAGE_GAP + COLUMN_PADDING;
  return { tops, heights, widths, totalHeight, maxWidth };
}

/** Index of the first page whose bottom is below `y` (binary search over sorted tops). */
function firstPageEndingAfter(layout: PageLayout, y: number): number {
  let lo = 0;
  let hi = layout.tops.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (layout.tops[mid]! + layout.heights[mid]! <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Page numbers (1-based) to render: those within the viewport plus `overscan` pixels above and
 * below, nearest to the viewport's centre first, never more than `max`.
 */
export function pagesToRender(
  layout: PageLayout,
  scrollTop: number,
  viewportHeight: number,
  overscan: number,
  max = MAX_RENDERED_PAGES,
): number[] {
  const count = layout.tops.length;
  if (count === 0 || viewportHeight <= 0) return [];
  const from = scrollTop - overscan;
  const to = scrollTop + viewportHeight + overscan;
  const centre = scrollTop + viewportHeight / 2;
  const near: { page: number; distance: number }[] = [];
  for (let i = firstPageEndingAfter(layout, from); i < count && layout.tops[i]! < to; i++) {
    const top = layout.tops[i]!;
    const bottom = top + layout.heights[i]!;
    near.push({ page: i + 1, distance: centre < top ? top - centre : centre > bottom ? centre - bottom : 0 });
  }
  return near
    .sort((a, b) => a.distance - b.distance || a.page - b.page)
    .slice(0, max)
    .map((n) => n.page)
    .sort((a, b) => a - b);
}

/** The page the reader is on: the one showing the most of itself in the viewport (1-based). */
export function currentPage(layout: PageLayout, scrollTop: number, viewportHeight: number): number {
  const count = layout.tops.length;
  if (count === 0) return 0;
  const bottomEdge = scrollTop + viewportHeight;
  let best = firstPageEndingAfter(layout, scrollTop);
  let bestShown = -1;
  for (let i = best; i < count && layout.tops[i]! < bottomEdge; i++) {
    const shown = Math.min(bottomEdge, layout.tops[i]! + layout.heights[i]!) - Math.max(scrollTop, layout.tops[i]!);
    if (shown > bestShown) {
      best = i;
      bestShown = shown;
    }
  }
  return best + 1;
}

/**
 * Pages (1-based) a reader can be said to have looked at: at least `share` (half, unless
 * told) of the page is in the viewport, or, for a page taller than that, it fills at least
 * that share of the viewport.
 */
export function pagesOnScreen(layout: PageLayout, scrollTop: number, viewportHeight: number, share = 0.5): number[] {
  const count = layout.tops.length;
  if (count === 0 || viewportHeight <= 0) return [];
  const bottomEdge = scrollTop + viewportHeight;
  const seen: number[] = [];
  for (let i = firstPageEndingAfter(layout, scrollTop); i < count && layout.tops[i]! < bottomEdge; i++) {
    const height = layout.heights[i]!;
    const shown = Math.min(bottomEdge, layout.tops[i]! + height) - Math.max(scrollTop, layout.tops[i]!);
    if (shown >= Math.min(height, viewportHeight) * share) seen.push(i + 1);
  }
  return seen;
}

/** scrollTop that puts the top of `page` (1-based) at the top of the viewport. */
export function scrollTopForPage(layout: PageLayout, page: number): number {
  const i = Math.min(Math.max(page, 1), layout.tops.length) - 1;
  return Math.max(0, (layout.tops[i] ?? 0) - PAGE_GAP / 2);
}

/** Where the reader is, as page + fraction, so a zoom keeps the same spot in view. */
export function anchorOf(layout: PageLayout, scrollTop: number): { page: number; fraction: number } {
  if (layout.tops.length === 0) return { page: 1, fraction: 0 };
  const i = firstPageEndingAfter(layout, scrollTop);
  const fraction = (scrollTop - layout.tops[i]!) / Math.max(1, layout.heights[i]!);
  return { page: i + 1, fraction: Math.min(1, fraction) };
}

export function scrollTopForAnchor(layout: PageLayout, anchor: { page: number; fraction: number }): number {
  const i = Math.min(Math.max(anchor.page, 1), layout.tops.length) - 1;
  if (i < 0) return 0;
  return Math.max(0, layout.tops[i]! + anchor.fraction * layout.heights[i]!);
}

/** The scale (CSS px per point) at which the widest page fills `containerWidth`. */
export function fitWidthScale(sizes: readonly PageSize[], containerWidth: number): number {
  const widest = Math.max(1, ...sizes.map((s) => s.width));
  return Math.max(0.1, (containerWidth - 2 * COLUMN_PADDING) / widest);
}

/** The next zoom step above or below `zoom` (a fraction of 100 %). */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  if (direction === 1) return ZOOM_STEPS.find((s) => s > zoom + 0.005) ?? MAX_ZOOM;
  return [...ZOOM_STEPS].reverse().find((s) => s < zoom - 0.005) ?? MIN_ZOOM;
}
