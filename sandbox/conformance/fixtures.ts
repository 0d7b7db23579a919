import { createHash, randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import type { LayoutField } from '../domain/editor-layout.ts';
import { newIdemKey, type TestSandbox } from './harness.ts';

// Test inputs for the upload and editor suites: real PDFs made with pdf-lib, hand-written
// PDFs for shapes pdf-lib refuses to produce, other file types by their magic bytes, and a
// multipart builder that can also produce malformed bodies.

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A valid field on page 1 of any fixture PDF; overrides may break it, or add properties a field does not have. */
export const layoutField = (
  over: Partial<Record<keyof LayoutField, unknown>> & Record<string, unknown> = {},
): Record<string, unknown> => ({
  id: 'sig_1',
  type: 'signature',
  page: 1,
  x: 72,
  y: 72,
  width: 180,
  height: 40,
  slot_id: 'signer_1',
  required: true,
  ...over,
});

export interface PdfOptions {
  /** page size in points, default US Letter */
  size?: [number, number];
  /** per-page sizes, overriding `size` for the pages listed (index 0 = page 1) */
  sizes?: [number, number][];
  /** /Rotate for every page */
  rotate?: number;
  /** pdf-lib's compressed object streams (PDF 1.5 xref streams); default false: classic trailer */
  objectStreams?: boolean;
}

/** A real PDF with text on every page; each call differs (random marker), so hashes differ. */
export async function makePdf(pages: number, opts: PdfOptions = {}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const marker = randomBytes(6).toString('hex');
  for (let i = 0; i < pages; i++) {
    const page = pdf.addPage(opts.sizes?.[i] ?? opts.size ?? [612, 792]);
    if (opts.rotate) page.setRotation(degrees(opts.rotate));
    page.drawText(`Fixture ${marker}, page ${i + 1} of ${pages}`, { x: 40, y: 40, size: 10, font });
  }
  return Buffer.from(await pdf.save({ useObjectStreams: opts.objectStreams ?? false }));
}

/** Writes a PDF from object bodies with a correct xref table, for shapes pdf-lib will not save. */
export function handWrittenPdf(objects: string[], trailerExtra = ''): Buffer {
  let text = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(text, 'latin1'));
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text, 'latin1');
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) text += `${String(off).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

/** A well-formed PDF whose page tree is empty (/Count 0): pdf-lib would add a blank page. */
export const zeroPagePdf = () => handWrittenPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']);

/** Parses cleanly, but the page tree lists two pages and only one exists: a damaged file. */
export const brokenPageTreePdf = () =>
  handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << >> >>',
  ]);

/** A pdf-lib PDF whose trailer names an /Encrypt dictionary that is not in the file. */
export async function encryptedPdfDangling(): Promise<Buffer> {
  const text = (await makePdf(1)).toString('latin1');
  if (!text.includes('trailer\n<<')) throw new Error('fixture expects a classic trailer');
  return Buffer.from(text.replace('trailer\n<<', 'trailer\n<<\n/Encrypt 99 0 R'), 'latin1');
}

/**
 * An incremental update that adds a Standard security handler dictionary and a trailer
 * naming it, as a tool that encrypts in place would: pdf-lib resolves it and refuses.
 */
export async function encryptedPdfIncremental(): Promise<Buffer> {
  const base = await makePdf(2);
  const text = base.toString('latin1');
  const prevXref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1]);
  const size = Number(/\/Size (\d+)/.exec(text)![1]);
  const root = /\/Root (\d+ \d+ R)/.exec(text)![1];
  const hex = (n: number) => randomBytes(n).toString('hex');
  let tail = '\n';
  const objOffset = base.length + tail.length;
  tail += `${size} 0 obj\n<< /Filter /Standard /V 1 /R 2 /O <${hex(32)}> /U <${hex(32)}> /P -44 >>\nendobj\n`;
  const xref = base.length + tail.length;
  tail += `xref\n${size} 1\n${String(objOffset).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${size + 1} /Root ${root} /Encrypt ${size} 0 R /Prev ${prevXref} /ID [<${hex(16)}> <${hex(16)}>] >>\n`;
  tail += `startxref\n${xref}\n%%EOF\n`;
  return Buffer.concat([base, Buffer.from(tail, 'latin1')]);
}

/** Starts like a PDF, then is noise: no objects, no catalog. */
export const corruptPdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2048), Buffer.from('\n%%EOF\n')]);

/** A real PDF cut off after its first objects: the page objects are missing. */
export async function truncatedPdf(): Promise<Buffer> {
  const full = await makePdf(3);
  return full.subarray(0, Math.floor(full.length * 0.4));
}

export const pngBytes = () =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    Buffer.from('IHDR'),
    randomBytes(64),
  ]);

export const jpegBytes = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), Buffer.from('JFIF\0'), randomBytes(64)]);

/** The start of a PPTX: a ZIP local file header for [Content_Types].xml, then a ppt/ entry. */
export function pptxBytes(): Buffer {
  const entry = (name: string, data: string) => {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(name.length, 26);
    return Buffer.concat([header, Buffer.from(name), Buffer.from(data)]);
  };
  return Buffer.concat([entry('[Content_Types].xml', '<Types/>'), entry('ppt/presentation.xml', '<p:presentation/>')]);
}

export type Part = { name: string; value: string } | { name: string; filename?: string; content: Buffer; contentType?: string };

/** Builds a multipart/form-data body by hand, so tests can send shapes a form would not. */
export function multipart(parts: Part[], boundary = `----sandbox${randomBytes(8).toString('hex')}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\nContent-Type: ${part.contentType ?? 'application/pdf'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}`, boundary };
}

/** The usual upload body: one PDF, optionally with a logicalPurpose field. */
export const uploadBody = (file: Buffer, opts: { filename?: string; purpose?: string } = {}) =>
  multipart([
    ...(opts.purpose === undefined ? [] : [{ name: 'logicalPurpose', value: opts.purpose }]),
    { name: 'file', filename: opts.filename ?? 'contract.pdf', content: file },
  ]);

/** Pads a PDF to exactly `total` bytes with a trailing comment line, which readers ignore. */
export function padPdf(pdf: Buffer, total: number): Buffer {
  const pad = total - pdf.length;
  if (pad < 3) throw new Error('padding needs at least 3 bytes');
  return Buffer.concat([pdf, Buffer.from(`\n%${'x'.repeat(pad - 3)}\n`)]);
}

/** POSTs one PDF; `idempotencyKey: null` sends none. */
export function uploadPdf(
  sb: TestSandbox,
  key: string,
  file: Buffer,
  opts: { filename?: string; purpose?: string; idempotencyKey?: string | null } = {},
) {
  const { body, contentType } = uploadBody(file, opts);
  return postMultipart(sb, key, body, contentType, opts.idempotencyKey);
}

export function postMultipart(sb: TestSandbox, key: string, body: Buffer, contentType: string, idempotencyKey?: string | null) {
  return sb.call('POST', '/api/v1/documents', {
    key,
    rawBody: new Uint8Array(body),
    headers: { 'content-type': contentType },
    idempotencyKey: idempotencyKey === null ? undefined : (idempotencyKey ?? newIdemKey()),
  });
}

/** What an upload could leave behind: document rows, document files, temporary files. */
export function storedState(sb: TestSandbox) {
  const files = sb.sandbox.services.files.list();
  return {
    documents: sb.sandbox.services.records.all('document').length,
    documentFiles: files.filter((f) => f.startsWith('document-')).length,
    tempFiles: files.filter((f) => f.startsWith('.tmp-')).length,
    activeUploads: sb.sandbox.services.uploads.active,
  };
}
