import { readFile } from 'node:fs/promises';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { withPdfJs } from './pdfjs-node.ts';

/** The visible size of one page in PDF points, as a viewer shows it (rotation applied). */
export interface PageSize {
  width: number;
  height: number;
}

/** A page the reader cannot load: the page tree points at something that is not a page. */
export class UnreadablePage extends Error {
  constructor(
    readonly page: number,
    cause: unknown,
  ) {
    super(`page ${page} cannot be read`, { cause });
  }
}

// Layout coordinates are relative to what the editor shows, and the editor draws with pdf.js:
// its page view is the crop box clipped to the media box (each falling back as viewers do),
// and its rotation is the page's /Rotate normalised to 0, 90, 180 or 270.
export async function readPageSizes(doc: PDFDocumentProxy, pageCount = doc.numPages): Promise<PageSize[]> {
  const sizes: PageSize[] = [];
  for (let number = 1; number <= pageCount; number++) {
    const page = await doc.getPage(number).catch((err: unknown) => {
      throw new UnreadablePage(number, err);
    });
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = page.view;
    const box = { width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
    if (![box.width, box.height].every((n) => Number.isFinite(n) && n > 0))
      throw new UnreadablePage(number, 'no usable page box');
    const sideways = page.rotate % 180 !== 0;
    sizes.push({ width: sideways ? box.height : box.width, height: sideways ? box.width : box.height });
  }
  return sizes;
}

// A stored document's bytes never change, so its page sizes are computed once (at upload, or
// on first use after a restart) and kept in memory; bounded so a long-lived sandbox stays small.
const CACHE_LIMIT = 500;
const cache = new Map<string, PageSize[]>();

export function rememberPageSizes(documentId: string, sizes: PageSize[]): void {
  cache.delete(documentId);
  cache.set(documentId, sizes);
  while (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
}

export function forgetPageSizes(documentId: string): void {
  cache.delete(documentId);
}

export async function pageSizesOf(documentId: string, filePath: string): Promise<PageSize[]> {
  const known = cache.get(documentId);
  if (known) return known;
  // The file passed inspection at upload, with the same reader; only its sizes are needed here.
  const sizes = await withPdfJs(await readFile(filePath), (doc) => readPageSizes(doc));
  rememberPageSizes(documentId, sizes);
  return sizes;
}
