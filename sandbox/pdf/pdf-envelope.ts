import { detectFileType } from './detect-file-type.ts';
import type { Refusal } from './refusal.ts';

// What pdf.js forgives but the sandbox does not: another file's bytes around the PDF (a
// polyglot: a file that is a PDF and a ZIP, an image or a web page at once) and a file cut off
// in transfer. What readers forgive and so does the sandbox (issue 40): unrecognised bytes
// before the header (a mail or HTTP header, blank lines, a byte order mark) as long as the
// header begins in the first 1024 bytes, where Acrobat and pdf.js look for it; padding after
// %%EOF; and a missing %%EOF line when the startxref before it and the table it names are whole.

const HEADER = Buffer.from('%PDF-', 'latin1');
const EOF_MARKER = Buffer.from('%%EOF', 'latin1');
/** Readers look for "%PDF-" within the first 1024 bytes (pdf.js: find(stream, "%PDF-", 1024)). */
export const HEADER_WINDOW = 1024;
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
// A ZIP's end-of-central-directory record sits within its last 64 KiB (comment) plus 22 bytes.
const ZIP_END_WINDOW = 65_535 + 22;
const PDF_SYNTAX = /\b(?:obj|endobj|stream|endstream|xref|trailer|startxref)\b/;
const bytesPhrase = (n: number) => (n === 1 ? '1 byte' : `${n} bytes`);

/** Where the PDF header starts, or -1 when the file has none. */
export const pdfHeaderOffset = (bytes: Buffer) => bytes.indexOf(HEADER);

/** Whether a reader finds the header at `offset` (it must begin within the first 1024 bytes). */
export const headerInWindow = (offset: number) => offset >= 0 && offset + HEADER.length <= HEADER_WINDOW;

/** The refusal for a file that does not start with %PDF- but holds a PDF at `offset`, or null when readers take it. */
export function embeddedPdf(description: string, recognised: boolean, offset: number): Refusal | null {
  if (recognised) {
    return {
      code: 'UNSUPPORTED_FILE_TYPE',
      message: `Only PDF files are accepted; the uploaded file is ${description} with a PDF inside it (a polyglot file).`,
    };
  }
  if (headerInWindow(offset)) return null;
  return {
    code: 'INVALID_PDF',
    message: `The file does not start as a PDF: ${bytesPhrase(offset)} of other data come before the PDF header ("%PDF-"), and readers look for it only in the first ${HEADER_WINDOW} bytes. Save or export the PDF again.`,
  };
}

/** Index of the first byte after `from` that is not whitespace, NUL, a DOS end-of-file byte (0x1A) or a comment line. */
function skipFiller(bytes: Buffer, from: number): number {
  let at = from;
  while (at < bytes.length) {
    const b = bytes[at]!;
    if (b === 0x00 || b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d || b === 0x1a || b === 0x20) at++;
    else if (b === 0x25) {
      const lf = bytes.indexOf(0x0a, at);
      const cr = bytes.indexOf(0x0d, at);
      const ends = [lf, cr].filter((i) => i !== -1);
      at = ends.length === 0 ? bytes.length : Math.min(...ends);
    } else return at;
  }
  return at;
}

// The end of a whole file without its %%EOF line: "startxref", the offset of the last
// cross-reference section, and nothing else but filler. The section must be where it says
// (offsets count from the header), so a file cut anywhere before this point is still refused.
const TAIL = /startxref\s+(\d+)[\s\0\x1a]*$/;
const SECTION_START = /^\s*(?:xref\b|\d+\s+\d+\s+obj\b[^]{0,4096}?\/Type\s*\/XRef\b)/;

function wholeWithoutMarker(bytes: Buffer): boolean {
  const tail = TAIL.exec(bytes.subarray(Math.max(0, bytes.length - 256)).toString('latin1'));
  if (!tail) return false;
  const at = Math.max(0, pdfHeaderOffset(bytes)) + Number(tail[1]);
  return at < bytes.length && SECTION_START.test(bytes.subarray(at, at + 4200).toString('latin1'));
}

/** Refuses a PDF whose end-of-file marker is missing or followed by something other than filler. */
export function checkEnd(bytes: Buffer): Refusal | null {
  if (wholeWithoutMarker(bytes)) return null;
  const marker = bytes.lastIndexOf(EOF_MARKER);
  if (marker === -1) {
    return {
      code: 'INVALID_PDF',
      message:
        'The PDF is incomplete: it has no end-of-file marker (%%EOF), so it was probably cut off during download or upload.',
    };
  }
  const extra = skipFiller(bytes, marker + EOF_MARKER.length);
  if (extra === bytes.length) return null;
  const trailing = bytes.subarray(extra);
  if (bytes.subarray(Math.max(extra, bytes.length - ZIP_END_WINDOW)).includes(ZIP_END)) {
    return {
      code: 'UNSUPPORTED_FILE_TYPE',
      message:
        'Only plain PDF files are accepted; the uploaded file is a PDF with a ZIP archive appended to it (a polyglot file).',
    };
  }
  if (PDF_SYNTAX.test(trailing.subarray(0, 64 * 1024).toString('latin1'))) {
    return {
      code: 'INVALID_PDF',
      message:
        'The PDF is incomplete: its last section has no end-of-file marker (%%EOF), so it was probably cut off during download or upload.',
    };
  }
  const appended = detectFileType(trailing.subarray(0, 4096));
  if (appended.recognised) {
    return {
      code: 'UNSUPPORTED_FILE_TYPE',
      message: `Only plain PDF files are accepted; the uploaded file is a PDF with ${appended.description} appended to it (a polyglot file).`,
    };
  }
  return {
    code: 'INVALID_PDF',
    message: `The file has ${bytesPhrase(trailing.length)} of other data after the end of the PDF (%%EOF); it is damaged or has another file appended to it.`,
  };
}
