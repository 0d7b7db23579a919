import { PDFName, PDFNumber, type PDFDocument } from 'pdf-lib';
import { ApiError } from '../http/errors.ts';
import { detectFileType } from './detect-file-type.ts';
import { loadPdf, readPageSizes, type PageSize } from './page-sizes.ts';

export const MIN_PAGES = 1;
export const MAX_PAGES = 200;

export interface InspectedPdf {
  pageCount: number;
  pageSizes: PageSize[];
}

const rejected = (code: string, message: string) => new ApiError(422, code, message, [{ path: 'file', message }]);

// pdf-lib only reports encryption (isEncrypted, or EncryptedPDFError, whose ES5 build
// defeats instanceof) when the trailer's /Encrypt resolves to an object; a dangling
// reference, or one in an earlier trailer of an incremental update, still marks a file that
// viewers treat as encrypted, so the parsed trailer and every classic trailer are read too.
function isEncrypted(bytes: Buffer, doc: PDFDocument): boolean {
  if (doc.isEncrypted || doc.context.trailerInfo.Encrypt !== undefined) return true;
  const text = bytes.toString('latin1');
  for (let at = text.indexOf('trailer'); at !== -1; at = text.indexOf('trailer', at + 7)) {
    const end = text.indexOf('startxref', at);
    const dict = text.slice(at, end === -1 ? at + 4096 : Math.min(end, at + 4096));
    if (/\/Encrypt[\s<\d]/.test(dict)) return true;
  }
  return false;
}

// A truncated or damaged file often still parses (pdf-lib scans objects leniently) but loses
// pages; the page tree's own /Count tells a damaged tree from a genuinely empty document.
function declaredPageCount(doc: PDFDocument): number {
  const count = doc.catalog.Pages().get(PDFName.of('Count'));
  if (!(count instanceof PDFNumber)) throw new Error('page tree has no /Count');
  return count.asNumber();
}

/** Checks that an upload is a readable, unencrypted PDF of 1-200 pages; throws a 422 otherwise. */
export async function inspectUpload(bytes: Buffer): Promise<InspectedPdf> {
  const detected = detectFileType(bytes.subarray(0, 4096));
  if (!detected.pdf) {
    throw rejected('UNSUPPORTED_FILE_TYPE', `Only PDF files are accepted; the uploaded file is ${detected.description}.`);
  }
  let doc: PDFDocument;
  let pageCount: number;
  let pageSizes: PageSize[];
  try {
    doc = await loadPdf(bytes);
  } catch {
    throw rejected('INVALID_PDF', 'The file starts like a PDF but could not be read; it is damaged or incomplete.');
  }
  // Encryption first: an encrypted file's page tree may be unreadable, and "encrypted" is the
  // answer the caller can act on.
  if (isEncrypted(bytes, doc)) {
    throw rejected('PDF_ENCRYPTED', 'The PDF is encrypted or password-protected; upload an unencrypted copy.');
  }
  try {
    pageCount = doc.getPageCount();
    if (declaredPageCount(doc) !== pageCount) throw new Error('page tree is damaged');
    pageSizes = readPageSizes(doc);
  } catch {
    throw rejected('INVALID_PDF', 'The file starts like a PDF but could not be read; it is damaged or incomplete.');
  }
  if (pageCount < MIN_PAGES || pageCount > MAX_PAGES) {
    throw rejected(
      'PAGE_COUNT_OUT_OF_RANGE',
      `The PDF has ${pageCount} pages; between ${MIN_PAGES} and ${MAX_PAGES} are accepted.`,
    );
  }
  return { pageCount, pageSizes };
}
