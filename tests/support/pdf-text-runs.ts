import { fileURLToPath } from 'node:url';

/** A run of text as pdf.js reads it: where a reader's eye finds it on the page, in PDF points. */
export interface TextRun {
  page: number;
  text: string;
  /** left edge, baseline and advance width */
  x: number;
  y: number;
  width: number;
  size: number;
  /** false for turned text (the preview's diagonal mark), whose box is not an upright rectangle */
  upright: boolean;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

// pdf.js 5+ calls Promise.withResolvers, which Node has only from 22; package.json allows 20.
function ensureWithResolvers() {
  if ('withResolvers' in Promise) return;
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value<T>() {
      let resolve!: (value: T) => void;
      let reject!: (reason: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

const FONT_DATA = fileURLToPath(new URL('../../node_modules/pdfjs-dist/standard_fonts/', import.meta.url));

/** Every non-blank text run of a PDF (or of the listed pages), read by pdf.js as a viewer would. */
export async function textRuns(bytes: Uint8Array, pages?: readonly number[]): Promise<TextRun[]> {
  ensureWithResolvers();
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // A plain Uint8Array copy: pdf.js refuses a Buffer and takes ownership of what it is given.
  const task = getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: FONT_DATA, verbosity: 0 });
  const doc = await task.promise;
  const runs: TextRun[] = [];
  try {
    for (const n of pages ?? Array.from({ length: doc.numPages }, (_, i) => i + 1)) {
      const content = await (await doc.getPage(n)).getTextContent();
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [a, b, c, d, e, f] = item.transform as number[];
        runs.push({
          page: n,
          text: item.str,
          x: e!,
          y: f!,
          width: item.width,
          size: Math.hypot(c!, d!),
          upright: b === 0 && c === 0 && a! > 0,
        });
      }
    }
  } finally {
    await task.destroy();
  }
  return runs;
}

// Helvetica's descender and cap height, as fractions of the font size: the ink of a line.
const DESCENT = 0.21;
const ASCENT = 0.72;

/** The box a run's glyphs cover (upright runs only). */
export const inkBox = (run: TextRun): Box => ({
  x: run.x,
  y: run.y - DESCENT * run.size,
  width: run.width,
  height: (DESCENT + ASCENT) * run.size,
});

/** Whether two boxes share some area (touching edges do not count). */
export const overlaps = (p: Box, q: Box) =>
  p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
