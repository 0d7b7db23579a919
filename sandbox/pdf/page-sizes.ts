import { readFile } from 'node:fs/promises';
import { PDFDocument, ParseSpeeds } from 'pdf-lib';

/** The visible size of one page in PDF points, as a viewer shows it (rotation applied). */
export interface PageSize {
  width: number;
  height: number;
}

// Layout coordinates are relative to what the editor shows: the crop box (which falls back
// to the media box) with the page's /Rotate applied, so a landscape-rotated page is wide.
export function readPageSizes(doc: PDFDocument): PageSize[] {
  return doc.getPages().map((page, index) => {
    const box = page.getCropBox();
    if (![box.width, box.height].every((n) => Number.isFinite(n) && n > 0)) {
      throw new Error(`page ${index + 1} has no usable page box`);
    }
    const quarterTurns = Math.round((((page.getRotation().angle % 360) + 360) % 360) / 90);
    const sideways = quarterTurns % 2 === 1;
    return { width: sideways ? box.height : box.width, height: sideways ? box.width : box.height };
  });
}

// Encryption is always let through here: inspect-upload decides about it with more evidence
// than pdf-lib's own check uses.
export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, parseSpeed: ParseSpeeds.Medium });
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
  // The file passed inspection at upload; only its sizes are needed here.
  const sizes = readPageSizes(await loadPdf(await readFile(filePath)));
  rememberPageSizes(documentId, sizes);
  return sizes;
}
