import { detectFileType } from './detect-file-type.ts';
import type { Refusal } from './refusal.ts';

// What pdf.js forgives but the sandbox does not: bytes before the header and bytes after the
// end-of-file marker. Readers skip both, which is what makes a polyglot (a file that is a PDF
// and a ZIP, an image or a web page at once) work; a stored document must be only a PDF. A
// file without its final %%EOF was cut off in transfer, even where a reader rebuilds it.

const HEADER = Buffer.from('%PDF-', 'latin1');
const EOF_MARKER = Buffer.from('%%EOF', 'latin1');
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
// A ZIP's end-of-central-directory record sits within its last 64 KiB (comment) plus 22 bytes.
const ZIP_END_WINDOW = 65_535 + 22;
const PDF_SYNTAX = /\b(?:obj|endobj|stream|endstream|xref|trailer|startxref)\b/;
const bytesPhrase = (n: number) => (n === 1 ? '1 byte' : `${n} bytes`);

/** Where the PDF header starts, or -1 when the file has none. */
export const pdfHeaderOffset = (bytes: Buffer) => bytes.indexOf(HEADER);

/** The refusal for a file that does not start with %PDF- but holds a PDF at `offset`. */
export function embeddedPdf(description: string, recognised: boolean, offset: number): Refusal {
  if (recognised) {
    return {
      code: 'UNSUPPORTED_FILE_TYPE',
      message: `Only PDF files are accepted; the uploaded file is ${description} with a PDF inside it (a polyglot file).`,
    };
  }
  return {
    code: 'INVALID_PDF',
    message: `The file does not start with a PDF header: ${bytesPhrase(offset)} of other data come before "%PDF-". Save or export the PDF again.`,
  };
}

/** Index of the first byte after `from` that is not whitespace, NUL or a comment line. */
function skipFiller(bytes: Buffer, from: number): number {
  let at = from;
  while (at < bytes.length) {
    const b = bytes[at]!;
    if (b === 0x00 || b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d || b === 0x20) at++;
    else if (b === 0x25) {
      const lf = bytes.indexOf(0x0a, at);
      const cr = bytes.indexOf(0x0d, at);
      const ends = [lf, cr].filter((i) => i !== -1);
      at = ends.length === 0 ? bytes.length : Math.min(...ends);
    } else return at;
  }
  return at;
}

/** Refuses a PDF whose end-of-file marker is missing or followed by something other than filler. */
export function checkEnd(bytes: Buffer): Refusal | null {
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
