import { formatBytes, formatNumber } from '../format.ts';
import { MAX_PDF_PAGES, MAX_UPLOAD_BYTES } from '../documents/limits.ts';

// Checks an upload can pass before a byte is sent: the same rules the Signing API applies
// (a PDF per file, %PDF- at offset 0, at most 25 MB, 1-200 pages), with messages that name the file
// and say what to do. The API still checks everything; these only spare a doomed upload.

/** The head of the file that the type check reads (the API reads the same first bytes). */
export const HEAD_BYTES = 1024;

export interface FileFacts {
  name: string;
  /** the MIME type the browser guessed from the name; never trusted on its own */
  type: string;
  size: number;
}

const ascii = (head: Uint8Array, at: number, text: string) => [...text].every((c, i) => head[at + i] === c.charCodeAt(0));
const bytesAt = (head: Uint8Array, ...bytes: number[]) => bytes.every((b, i) => head[i] === b);

/** What the first bytes say a file really is, as a phrase for messages ("a PNG image"). */
export function describeContent(head: Uint8Array): { pdf: boolean; description: string } {
  const other = (description: string) => ({ pdf: false, description });
  if (head.length === 0) return other('an empty file');
  if (ascii(head, 0, '%PDF-')) return { pdf: true, description: 'a PDF document' };
  if (bytesAt(head, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return other('a PNG image');
  if (bytesAt(head, 0xff, 0xd8, 0xff)) return other('a JPEG image');
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return other('a GIF image');
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return other('a WebP image');
  if (bytesAt(head, 0x49, 0x49, 0x2a, 0x00) || bytesAt(head, 0x4d, 0x4d, 0x00, 0x2a)) return other('a TIFF image');
  if (bytesAt(head, 0x50, 0x4b, 0x03, 0x04)) {
    const text = String.fromCharCode(...head.subarray(0, HEAD_BYTES));
    if (text.includes('ppt/')) return other('a PowerPoint presentation (PPTX)');
    if (text.includes('word/')) return other('a Word document (DOCX)');
    if (text.includes('xl/')) return other('an Excel workbook (XLSX)');
    return other('a ZIP archive');
  }
  if (bytesAt(head, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return other('a legacy Office file (DOC, XLS or PPT)');
  return other('not a PDF');
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** Files taken in one choice: a queue the user can still follow file by file. */
export const MAX_FILES_AT_ONCE = 20;

/** How many files were dropped or picked in one go: 1 to MAX_FILES_AT_ONCE. */
export function checkFileCount(count: number): string | null {
  if (count === 0) return 'Choose a PDF to upload.';
  if (count > MAX_FILES_AT_ONCE) return `Choose at most ${MAX_FILES_AT_ONCE} PDFs at a time (${count} files were chosen).`;
  return null;
}

/** Name, declared type and size: checked without reading the file. */
export function checkFileFacts(file: FileFacts): string | null {
  const ext = extensionOf(file.name);
  const declaredPdf = file.type === 'application/pdf' || file.type === 'application/x-pdf';
  if (ext !== 'pdf' && !declaredPdf) {
    const what = ext ? `a .${ext} file` : 'a file without the .pdf extension';
    return `“${file.name}” is ${what}. Only PDF documents are accepted; export or print it to PDF first.`;
  }
  if (file.size === 0) return `“${file.name}” is empty (0 bytes). Choose the PDF again.`;
  if (file.size > MAX_UPLOAD_BYTES) {
    return `“${file.name}” is ${formatBytes(file.size)}; the limit is 25 MB (${formatNumber(MAX_UPLOAD_BYTES)} bytes). Compress it or split it into smaller PDFs.`;
  }
  return null;
}

/** The first bytes must be the PDF signature, whatever the name says. */
export function checkFileHead(name: string, head: Uint8Array): string | null {
  const content = describeContent(head);
  if (content.pdf) return null;
  return `“${name}” is not a PDF: its content is ${content.description}, even though the name ends in .pdf. Only PDF documents are accepted.`;
}

/** 1-200 pages, as counted by pdf.js in the browser. */
export function checkPageCount(name: string, pages: number): string | null {
  if (pages < 1) return `“${name}” has no pages; a PDF needs at least 1 page.`;
  if (pages > MAX_PDF_PAGES) return `“${name}” has ${pages} pages; at most ${MAX_PDF_PAGES} are accepted. Split it into smaller PDFs.`;
  return null;
}

/** Why pdf.js could not open the file, in words the user can act on. */
export function unreadableMessage(name: string, reason: 'encrypted' | 'invalid'): string {
  return reason === 'encrypted'
    ? `“${name}” is password-protected or encrypted. Remove the protection (save an unprotected copy) and upload that.`
    : `“${name}” could not be read as a PDF: it is damaged or incomplete. Export it again and retry.`;
}
