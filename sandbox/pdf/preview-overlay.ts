import {
  StandardFontEmbedder,
  StandardFonts,
  degrees,
  drawRectangle,
  drawText,
  rgb,
  type Color,
  type PDFOperator,
} from 'pdf-lib';
import type { Rect } from '../domain/catalog.ts';

// The drawing operators of a preview overlay, written against resource names that the
// page rewriting (populate-preview.ts) binds to fonts and a transparency state.

export const RESOURCE = { regular: 'SdPreviewHelv', bold: 'SdPreviewHelvBold', faint: 'SdPreviewFaint' } as const;
export const FAINT_OPACITY = 0.12;

const INK = rgb(0.05, 0.15, 0.55);
const MARK = rgb(0.75, 0.1, 0.1);
const PAPER = rgb(1, 0.96, 0.8);
const upright = { rotate: degrees(0), xSkew: degrees(0), ySkew: degrees(0) };

interface Face {
  name: string;
  embedder: StandardFontEmbedder;
}
// pdf-lib's StandardFonts and the embedder's FontNames are separate enums of the same strings.
type FontName = Parameters<typeof StandardFontEmbedder.for>[0];
const regular: Face = {
  name: RESOURCE.regular,
  embedder: StandardFontEmbedder.for(StandardFonts.Helvetica as string as FontName),
};
const bold: Face = { name: RESOURCE.bold, embedder: StandardFontEmbedder.for(StandardFonts.HelveticaBold as string as FontName) };

// Standard fonts encode WinAnsi only; anything else is replaced so that a recipient's name
// in another script becomes "?" on the preview rather than a server error.
function clean(face: Face, text: string): string[] {
  return Array.from(text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' '), (ch) =>
    face.embedder.encoding.canEncodeUnicodeCodePoint(ch.codePointAt(0)!) ? ch : '?',
  );
}

/** The longest prefix that fits, with an ellipsis when cut (binary search: values run to 500 characters). */
export function fit(face: Face, text: string, size: number, maxWidth: number): string {
  const chars = clean(face, text);
  const width = (s: string) => face.embedder.widthOfTextAtSize(s, size);
  if (width(chars.join('')) <= maxWidth) return chars.join('');
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (width(`${chars.slice(0, mid).join('')}…`) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('')}…`;
}

function text(
  face: Face,
  value: string,
  at: { x: number; y: number; size: number; maxWidth: number; color: Color },
): PDFOperator[] {
  const line = face.embedder.encodeText(fit(face, value, at.size, at.maxWidth));
  return drawText(line, { ...upright, x: at.x, y: at.y, size: at.size, font: face.name, color: at.color });
}

export function fieldOps(rect: Rect, value: string): PDFOperator[] {
  const size = Math.min(11, Math.max(6, rect.height - 6));
  return text(regular, value, { x: rect.x + 2, y: rect.y + 3, size, maxWidth: rect.width - 4, color: INK });
}

/** A visible box per signer slot: the slot's label, the signer's name and e-mail. */
export function slotOps(rect: Rect, lines: { label: string; name: string; email: string }): PDFOperator[] {
  const { x, y, width, height } = rect;
  const size = Math.min(9, Math.max(5, (height - 6) / 3.4));
  const row = (i: number) => ({ x: x + 4, y: y + height - 4 - size * (i + 1) * 1.15, size, maxWidth: width - 8, color: INK });
  return [
    ...drawRectangle({ ...upright, x, y, width, height, borderWidth: 1.25, color: PAPER, borderColor: INK }),
    ...text(bold, lines.label, row(0)),
    ...text(regular, lines.name, row(1)),
    ...text(regular, lines.email, row(2)),
  ];
}

/** The faint diagonal PREVIEW and a footer line, for a page of this media box. */
export function markOps(box: Rect, footer: string): PDFOperator[] {
  const size = Math.min(box.width, box.height) / 6;
  const width = bold.embedder.widthOfTextAtSize('PREVIEW', size);
  const capHalf = bold.embedder.heightOfFontAtSize(size, { descender: false }) / 2;
  // Rotating about the baseline start: shift back by half the word along and across the diagonal.
  const c = Math.SQRT1_2;
  const x = box.x + box.width / 2 - (width / 2) * c + capHalf * c;
  const y = box.y + box.height / 2 - (width / 2) * c - capHalf * c;
  return [
    ...drawText(bold.embedder.encodeText('PREVIEW'), {
      ...upright,
      rotate: degrees(45),
      x,
      y,
      size,
      font: bold.name,
      color: MARK,
      graphicsState: RESOURCE.faint,
    }),
    ...text(regular, footer, { x: box.x + 24, y: box.y + 14, size: 7, maxWidth: box.width - 48, color: MARK }),
  ];
}
