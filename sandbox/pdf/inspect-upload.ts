import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ApiError } from '../http/errors.ts';
import { detectFileType } from './detect-file-type.ts';
import { declaresEncryption } from './encryption-markers.ts';
import { encryptsOnlyAttachments } from './encryption-scope.ts';
import { mayUseUnknownFilter, unknownFilterOnPage } from './page-filters.ts';
import { UnreadablePage, readPageSizes, type PageSize } from './page-sizes.ts';
import { checkEnd, embeddedPdf, pdfHeaderOffset } from './pdf-envelope.ts';
import { lazyObjects } from './pdf-objects.ts';
import { PdfOpenError, withPdfJs } from './pdfjs-node.ts';
import type { Refusal } from './refusal.ts';
import { MAX_FILE_BYTES, MAX_PAGES, MIN_PAGES, fileTooLarge } from './upload-limits.ts';

export { MAX_PAGES, MIN_PAGES };

export interface InspectedPdf {
  pageCount: number;
  pageSizes: PageSize[];
}

const rejected = ({ code, message }: Refusal) => new ApiError(422, code, message, [{ path: 'file', message }]);

const ENCRYPTED: Refusal = {
  code: 'PDF_ENCRYPTED',
  message:
    'The PDF is encrypted: it opens without a password, but carries a security handler (restrictions on printing, copying or editing); upload an unencrypted copy.',
};
const NEEDS_PASSWORD: Refusal = {
  code: 'PDF_ENCRYPTED',
  message: 'The PDF is encrypted and needs a password to open; upload an unencrypted copy.',
};

/** What the bytes are, before any PDF parsing: another format, a polyglot, a header too far in, or a cut-off file. */
function checkBytes(bytes: Buffer): Refusal | null {
  const detected = detectFileType(bytes.subarray(0, 4096));
  if (!detected.pdf) {
    const offset = pdfHeaderOffset(bytes);
    if (offset > 0) return embeddedPdf(detected.description, detected.recognised, offset) ?? checkEnd(bytes);
    return {
      code: 'UNSUPPORTED_FILE_TYPE',
      message: `Only PDF files are accepted; the uploaded file is ${detected.description}.`,
    };
  }
  return checkEnd(bytes);
}

/** A page drawn through a filter no reader decodes (page-filters.ts), named. */
async function undrawablePage(doc: PDFDocumentProxy, bytes: Buffer, objects: ReturnType<typeof lazyObjects>) {
  if (!mayUseUnknownFilter(bytes)) return null;
  const context = await objects();
  if (!context) return null;
  for (let number = 1; number <= doc.numPages; number++) {
    const { ref } = await doc.getPage(number);
    const found = ref ? unknownFilterOnPage(context, ref) : null;
    if (found) {
      return {
        code: 'INVALID_PDF' as const,
        message: `The PDF cannot be shown: page ${number} of ${doc.numPages} has ${found.part} encoded with /${found.filter}, a filter PDF readers cannot decode. Save or export the PDF again from the program that made it.`,
      };
    }
  }
  return null;
}

/** Reads the document as the console's viewer does; every page must load and be drawable. */
async function readDocument(doc: PDFDocumentProxy, bytes: Buffer, encryptedByTrailer: boolean): Promise<InspectedPdf | Refusal> {
  const objects = lazyObjects(bytes);
  const { info } = await doc.getMetadata();
  const filter = (info as { EncryptFilterName?: unknown }).EncryptFilterName;
  if (encryptedByTrailer || typeof filter === 'string' || (await doc.getPermissions()) !== null) {
    // Attachments encrypted on their own leave the document itself in the clear.
    const context = await objects();
    if (!context || !encryptsOnlyAttachments(context)) return ENCRYPTED;
  }
  const pageCount = doc.numPages;
  if (pageCount < MIN_PAGES || pageCount > MAX_PAGES) {
    return {
      code: 'PAGE_COUNT_OUT_OF_RANGE',
      message: `The PDF has ${pageCount} ${pageCount === 1 ? 'page' : 'pages'}; between ${MIN_PAGES} and ${MAX_PAGES} are accepted.`,
    };
  }
  let pageSizes: PageSize[];
  try {
    pageSizes = await readPageSizes(doc, pageCount);
  } catch (err) {
    if (!(err instanceof UnreadablePage)) throw err;
    return { code: 'INVALID_PDF', message: `The PDF is damaged: page ${err.page} of ${pageCount} cannot be read.` };
  }
  return (await undrawablePage(doc, bytes, objects)) ?? { pageCount, pageSizes };
}

/** Checks that an upload is a readable, unencrypted PDF of 1-200 pages; throws otherwise. */
export async function inspectUpload(bytes: Buffer): Promise<InspectedPdf> {
  if (bytes.length > MAX_FILE_BYTES) throw fileTooLarge(MAX_FILE_BYTES);
  const refusal = checkBytes(bytes);
  if (refusal) throw rejected(refusal);
  const encryptedByTrailer = declaresEncryption(bytes);
  let outcome: InspectedPdf | Refusal;
  try {
    outcome = await withPdfJs(bytes, (doc) => readDocument(doc, bytes, encryptedByTrailer));
  } catch (err) {
    if (!(err instanceof PdfOpenError)) throw err;
    if (err.reason === 'password') throw rejected(NEEDS_PASSWORD);
    // An encrypted file's objects may be unreadable without its key, and "encrypted" is the
    // answer the caller can act on.
    if (encryptedByTrailer) throw rejected(ENCRYPTED);
    const detail = err.message.replace(/\.$/, '');
    throw rejected({
      code: 'INVALID_PDF',
      message: `The file starts like a PDF but could not be read (${detail}); it is damaged or incomplete.`,
    });
  }
  if ('code' in outcome) throw rejected(outcome);
  return outcome;
}
