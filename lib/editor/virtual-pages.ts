// Page virtualisation (DESIGN.md section 7): every page keeps a placeholder of its real size,
// and only the pages near the viewport render a canvas.

export const PAGE_GAP = 16;

/** Top offset of each page in the scroll content, pages stacked with `gap` between them. */
export function pageOffsets(heights: readonly number[], gap = PAGE_GAP): number[] {
  const out: number[] = [];
  let top = 0;
  for (const h of heights) {
    out.push(top);
    top += h + gap;
  }
  return out;
}

/** Indices (0-based, inclusive) of the pages within `overscan` pixels of the viewport. */
export function visiblePages(
  offsets: readonly number[],
  heights: readonly number[],
  scrollTop: number,
  viewport: number,
  overscan: number,
): { first: number; last: number } {
  const lo = scrollTop - overscan;
  const hi = scrollTop + viewport + overscan;
  let first = -1;
  let last = -1;
  offsets.forEach((top, i) => {
    const bottom = top + (heights[i] ?? 0);
    if (bottom >= lo && top <= hi) {
      if (first === -1) first = i;
      last = i;
    }
  });
  if (first === -1) return { first: 0, last: Math.min(offsets.length - 1, 0) };
  return { first, last };
}

/** The part of a page inside the viewport, in pixels from the page's top; null when none is. */
export function visibleBand(top: number, height: number, scrollTop: number, viewport: number): { from: number; to: number } | null {
  const from = Math.max(0, scrollTop - top);
  const to = Math.min(height, scrollTop + viewport - top);
  return to > from ? { from, to } : null;
}

/** The page showing the most of itself in the viewport (0-based): where new fields go. */
export function currentPage(offsets: readonly number[], heights: readonly number[], scrollTop: number, viewport: number): number {
  let best = 0;
  let bestShown = -1;
  offsets.forEach((top, i) => {
    const band = visibleBand(top, heights[i] ?? 0, scrollTop, viewport);
    const shown = band ? band.to - band.from : 0;
    if (shown > bestShown) {
      best = i;
      bestShown = shown;
    }
  });
  return best;
}
