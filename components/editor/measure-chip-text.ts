import type { Measure } from '@/lib/editor/field-label';

// The chip's label is text-xs semibold and its badge 10px semibold (field-overlay.tsx): a
// canvas measures them in the page's own font, so the label chosen is the label that fits.
const FONTS = { label: '600 12px', badge: '600 10px' } as const;

let context: CanvasRenderingContext2D | null = null;
const widths = new Map<string, number>();

export const measureChipText: Measure = (text, kind) => {
  const key = `${kind}\u0000${text}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  context ??= document.createElement('canvas').getContext('2d');
  if (!context) return Number.POSITIVE_INFINITY;
  context.font = `${FONTS[kind]} ${getComputedStyle(document.body).fontFamily}`;
  // Rounded up with a pixel to spare: layout rounds sub-pixel widths its own way.
  const width = Math.ceil(context.measureText(text).width) + 1;
  // Until the page's fonts have loaded a fallback face is measured: not worth keeping.
  if (document.fonts.status === 'loaded') widths.set(key, width);
  return width;
};
