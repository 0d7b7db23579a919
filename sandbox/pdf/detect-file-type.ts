// Names what an upload really is from its first bytes, so a rejection can tell the caller
// "this is a PNG image" rather than only "not a PDF". The client-declared MIME type and the
// file name are never trusted for this.
export interface DetectedType {
  pdf: boolean;
  /** a phrase for error messages, e.g. "a PNG image" */
  description: string;
  /** false when nothing but "some bytes" or "some text" could be said about it */
  recognised: boolean;
}

const startsWith = (head: Buffer, ...bytes: number[]) => bytes.every((b, i) => head[i] === b);
const ascii = (head: Buffer, at: number, text: string) => head.subarray(at, at + text.length).toString('latin1') === text;

// Office Open XML and OpenDocument files are ZIP archives; an OpenDocument file's first
// entry is its stored mimetype, an Office one's first entries name the application folder.
function describeZip(head: Buffer): string {
  const text = head.toString('latin1');
  const odf = /mimetypeapplication\/vnd\.oasis\.opendocument\.([a-z.-]+)/.exec(text);
  if (odf) return `an OpenDocument ${odf[1]} file (ODF, a ZIP archive)`;
  if (text.includes('ppt/')) return 'a PowerPoint presentation (PPTX, a ZIP archive)';
  if (text.includes('word/')) return 'a Word document (DOCX, a ZIP archive)';
  if (text.includes('xl/')) return 'an Excel workbook (XLSX, a ZIP archive)';
  return 'a ZIP archive (Office files such as PPTX are ZIP archives)';
}

// Text is valid UTF-8 without control characters other than tab, line breaks and form feed;
// a head cut inside a multi-byte character decodes to a replacement at its end, so when the
// file goes on past what is read the last few characters are not judged.
function isText(head: Buffer): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, 1024));
  const body = head.length > 1024 ? text.slice(0, -3) : text;
  return !body.includes('\uFFFD') && !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(body);
}

export function detectFileType(head: Buffer): DetectedType {
  const other = (description: string, recognised = true): DetectedType => ({ pdf: false, description, recognised });
  if (head.length === 0) return other('an empty file');
  if (ascii(head, 0, '%PDF-')) return { pdf: true, description: 'a PDF document', recognised: true };
  if (startsWith(head, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return other('a PNG image');
  if (startsWith(head, 0xff, 0xd8, 0xff)) return other('a JPEG image');
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return other('a GIF image');
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return other('a WebP image');
  if (startsWith(head, 0x49, 0x49, 0x2a, 0x00) || startsWith(head, 0x4d, 0x4d, 0x00, 0x2a)) return other('a TIFF image');
  if (ascii(head, 4, 'ftyp')) return other('an ISO media file (HEIC/AVIF image or MP4 video)');
  if (ascii(head, 0, 'BM')) return other('a BMP image');
  if (startsWith(head, 0x50, 0x4b, 0x03, 0x04) || startsWith(head, 0x50, 0x4b, 0x05, 0x06)) return other(describeZip(head));
  if (startsWith(head, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))
    return other('a legacy Microsoft Office file (DOC, XLS or PPT)');
  if (ascii(head, 0, '%!PS')) return other('a PostScript file');
  if (ascii(head, 0, '{\\rtf')) return other('an RTF document');
  if (/^\s*</.test(head.subarray(0, 64).toString('latin1'))) return other('an XML, HTML or SVG text file');
  if (isText(head)) return other('a plain text file', false);
  return other('a file of unrecognised type', false);
}
