import { describe, expect, it } from 'vitest';
import type { LayoutField } from '../documents/schemas.ts';
import { clampToPage, fromScreen, geometryRange, isOnPage, MIN_FIELD_SIZE, nudge, placeNewField, toScreen } from './geometry.ts';

const LETTER = { width: 612, height: 792 };
const field = (over: Partial<LayoutField> = {}): LayoutField => ({ id: 'f', type: 'signature', page: 1, x: 100, y: 100, width: 160, height: 40, slot_id: 'signer_1', required: true, ...over });

describe('PDF points (bottom-left) to screen pixels (top-left)', () => {
  it('flips the y axis against the page height and scales every side', () => {
    expect(toScreen({ x: 72, y: 100, width: 160, height: 40 }, LETTER, 1)).toEqual({ left: 72, top: 652, width: 160, height: 40 });
    expect(toScreen({ x: 72, y: 100, width: 160, height: 40 }, LETTER, 1.5)).toEqual({ left: 108, top: 978, width: 240, height: 60 });
  });

  it('puts a field at the origin in the bottom-left corner of the screen page', () => {
    const s = toScreen({ x: 0, y: 0, width: 10, height: 10 }, LETTER, 2);
    expect(s.left).toBe(0);
    expect(s.top + s.height).toBe(LETTER.height * 2);
  });

  it('round-trips at any zoom, to two decimals of a point', () => {
    for (const scale of [0.5, 0.8, 1, 1.37, 2]) {
      const r = { x: 33.25, y: 611.5, width: 120.75, height: 18 };
      expect(fromScreen(toScreen(r, LETTER, scale), LETTER, scale)).toEqual(r);
    }
  });

  it('reads a dragged box back in points with rounding noise removed', () => {
    expect(fromScreen({ left: 100.333, top: 200, width: 150, height: 30 }, LETTER, 1.25)).toEqual({ x: 80.27, y: 608, width: 120, height: 24 });
  });
});

describe('keeping fields on the page', () => {
  it('moves a field that runs off an edge back inside without resizing it', () => {
    expect(clampToPage({ x: 500, y: 780, width: 160, height: 40 }, LETTER)).toEqual({ x: 452, y: 752, width: 160, height: 40 });
    expect(clampToPage({ x: -5, y: -1, width: 10, height: 10 }, LETTER)).toEqual({ x: 0, y: 0, width: 10, height: 10 });
  });

  it('shrinks a field larger than the page and grows one below the minimum size', () => {
    expect(clampToPage({ x: 0, y: 0, width: 900, height: 2 }, LETTER)).toEqual({ x: 0, y: 0, width: 612, height: MIN_FIELD_SIZE });
  });

  it('nudges in screen directions: down the screen lowers y; stops at the edges', () => {
    expect(nudge(field(), 1, 0, LETTER)).toMatchObject({ x: 101, y: 100 });
    expect(nudge(field(), 0, 10, LETTER)).toMatchObject({ x: 100, y: 90 });
    expect(nudge(field({ x: 0 }), -10, 0, LETTER)).toMatchObject({ x: 0 });
    expect(nudge(field({ y: 752 }), 0, -10, LETTER)).toMatchObject({ y: 752 });
  });

  it('checks placement as the server does, with its rounding tolerance', () => {
    expect(isOnPage({ x: 452, y: 752, width: 160, height: 40 }, LETTER)).toBe(true);
    expect(isOnPage({ x: 452.0000001, y: 0, width: 160, height: 40 }, LETTER)).toBe(true);
    expect(isOnPage({ x: 453, y: 0, width: 160, height: 40 }, LETTER)).toBe(false);
    expect(isOnPage({ x: 0, y: 0, width: 0, height: 40 }, LETTER)).toBe(false);
  });
});

describe('placing a new field', () => {
  it('centres it horizontally and in the visible band of the page, at its type’s default size', () => {
    const r = placeNewField('signature', LETTER, 1, { bottom: 392, top: 792 }, []);
    expect(r).toEqual({ x: 226, y: 572, width: 160, height: 40 });
    expect(placeNewField('checkbox', LETTER, 1, { bottom: 0, top: 792 }, [])).toEqual({ x: 297, y: 387, width: 18, height: 18 });
  });

  it('takes the nearest free spot in view, below first, so a new field never hides another', () => {
    const band = { bottom: 0, top: 792 };
    const first = placeNewField('text', LETTER, 1, band, []);
    expect(first).toEqual({ x: 226, y: 384, width: 160, height: 24 });
    const taken = [field({ id: 'a', ...first })];
    expect(placeNewField('text', LETTER, 1, band, taken)).toEqual({ ...first, y: 352 });
    const two = [...taken, field({ id: 'b', ...first, y: 352 })];
    expect(placeNewField('text', LETTER, 1, band, two)).toEqual({ ...first, y: 416 });
    expect(placeNewField('text', LETTER, 2, band, two)).toEqual(first);
  });

  it('moves beside the centre when the rows in view are full, and stays in view', () => {
    const band = { bottom: 360, top: 440 };
    const centre = placeNewField('text', LETTER, 1, band, []);
    const row = [field({ id: 'a', ...centre }), field({ id: 'b', ...centre, y: centre.y - 32 }), field({ id: 'c', ...centre, y: centre.y + 32 })];
    const r = placeNewField('text', LETTER, 1, band, row);
    expect(r).toEqual({ ...centre, x: centre.x + 172 });
  });

  it('falls back to the centre when nothing is free', () => {
    const full = [field({ id: 'page', x: 0, y: 0, width: 612, height: 792 })];
    expect(placeNewField('checkbox', LETTER, 1, { bottom: 0, top: 792 }, full)).toEqual({ x: 297, y: 387, width: 18, height: 18 });
  });

  it('stays on a page smaller than the default size', () => {
    const tiny = { width: 100, height: 30 };
    const r = placeNewField('signature', tiny, 1, { bottom: 0, top: 30 }, []);
    expect(isOnPage(r, tiny)).toBe(true);
    expect(r).toEqual({ x: 0, y: 0, width: 100, height: 30 });
  });
});

describe('what the panel lets each number be', () => {
  it('keeps the whole field on its page, the other numbers as they are', () => {
    const f = field({ x: 100, y: 700, width: 160, height: 40 });
    expect(geometryRange(f, LETTER, 'x')).toEqual({ min: 0, max: 452 });
    expect(geometryRange(f, LETTER, 'y')).toEqual({ min: 0, max: 752 });
    expect(geometryRange(f, LETTER, 'width')).toEqual({ min: MIN_FIELD_SIZE, max: 512 });
    expect(geometryRange(f, LETTER, 'height')).toEqual({ min: MIN_FIELD_SIZE, max: 92 });
    // Every value in range leaves the field on the page.
    for (const prop of ['x', 'y', 'width', 'height'] as const) expect(isOnPage({ ...f, [prop]: geometryRange(f, LETTER, prop).max }, LETTER)).toBe(true);
  });
});
