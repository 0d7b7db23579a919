import type { LayoutField } from '../documents/schemas.ts';
import { FIELD_TYPE_INFO, type FieldType } from './field-types.ts';

// Layout coordinates are PDF points from the page's bottom-left corner (DESIGN.md section 3);
// the screen draws from the top-left in CSS pixels at the current zoom.

export interface PageSize {
  width: number;
  height: number;
}
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface ScreenRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The smallest field a drag or resize may produce, in points. */
export const MIN_FIELD_SIZE = 8;

/** Two decimals of a point: finer than any screen, and keeps saved layouts readable. */
export const roundPt = (n: number) => Math.round(n * 100) / 100;

export function toScreen(r: Rect, page: PageSize, scale: number): ScreenRect {
  return { left: r.x * scale, top: (page.height - r.y - r.height) * scale, width: r.width * scale, height: r.height * scale };
}

export function fromScreen(s: ScreenRect, page: PageSize, scale: number): Rect {
  const width = s.width / scale;
  const height = s.height / scale;
  return { x: roundPt(s.left / scale), y: roundPt(page.height - s.top / scale - height), width: roundPt(width), height: roundPt(height) };
}

const clamp = (n: number, lo: number, hi: number) => Math.min(Math.max(n, lo), Math.max(lo, hi));

/** Fits a rectangle on the page: size first (never larger than the page), then position. */
export function clampToPage(r: Rect, page: PageSize): Rect {
  const width = roundPt(clamp(r.width, Math.min(MIN_FIELD_SIZE, page.width), page.width));
  const height = roundPt(clamp(r.height, Math.min(MIN_FIELD_SIZE, page.height), page.height));
  return { x: roundPt(clamp(r.x, 0, page.width - width)), y: roundPt(clamp(r.y, 0, page.height - height)), width, height };
}

/** Moves by (dx, dy) points, screen directions: +dy is down the page, so y decreases. */
export function nudge(r: Rect, dx: number, dy: number, page: PageSize): Rect {
  return clampToPage({ ...r, x: r.x + dx, y: r.y - dy }, page);
}

/** The rectangle lies wholly on the page (what the server checks, with its rounding tolerance). */
export function isOnPage(r: Rect, page: PageSize): boolean {
  const eps = 1e-6;
  return r.width > 0 && r.height > 0 && r.x >= 0 && r.y >= 0 && r.x + r.width <= page.width + eps && r.y + r.height <= page.height + eps;
}

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Where a new field goes: the free spot nearest the centre of the part of the page the user
 * can see (a band of PDF y from `visible.bottom` to `visible.top`), trying rows below and above
 * the centre, then columns beside it, so a new field never hides one already placed. When the
 * view is full, the centre is used anyway.
 */
export function placeNewField(
  type: FieldType,
  page: PageSize,
  pageNumber: number,
  visible: { bottom: number; top: number },
  existing: readonly LayoutField[],
): Rect {
  const { width, height } = FIELD_TYPE_INFO[type];
  const bottom = Math.max(visible.bottom, 0);
  const top = Math.min(visible.top, page.height);
  const centre = clampToPage({ x: (page.width - width) / 2, y: (bottom + top) / 2 - height / 2, width, height }, page);
  const onPage = existing.filter((f) => f.page === pageNumber);
  const offsets = [0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7, 8, -8];
  for (const col of offsets.slice(0, 5)) {
    for (const row of offsets) {
      const r = clampToPage({ ...centre, x: centre.x + col * (centre.width + 12), y: centre.y - row * (centre.height + 8) }, page);
      const inView = r.y >= bottom - 1e-6 && r.y + r.height <= top + 1e-6;
      if (inView && !onPage.some((f) => overlaps(f, r))) return r;
    }
  }
  return centre;
}

/**
 * What each of a field's numbers may be on its page with the others as they are: X up to the
 * page's width less the field's, Width up to what is left right of X, and so on.
 */
export function geometryRange(r: Rect, page: PageSize, prop: 'x' | 'y' | 'width' | 'height'): { min: number; max: number } {
  const min = (extent: number) => Math.min(MIN_FIELD_SIZE, extent);
  switch (prop) {
    case 'x':
      return { min: 0, max: roundPt(Math.max(0, page.width - r.width)) };
    case 'y':
      return { min: 0, max: roundPt(Math.max(0, page.height - r.height)) };
    case 'width':
      return { min: min(page.width), max: roundPt(Math.max(min(page.width), page.width - r.x)) };
    case 'height':
      return { min: min(page.height), max: roundPt(Math.max(min(page.height), page.height - r.y)) };
  }
}
