import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream, PDFArray, PDFRef } from 'pdf-lib';
import { expect } from 'vitest';
import { newIdemKey, type Reply, type TestSandbox } from './harness.ts';

// Shared by the package and recipient conformance files: valid inputs and small helpers.

export const NDA_SIGNERS = [
  { slot_id: 'company_signer', name: 'Ada Lovelace', email: 'ada@example.com', phone: '+14155550101' },
  { slot_id: 'counterparty_signer', name: 'Grace Hopper', email: 'grace@example.org', phone: '+442071234567' },
];

export const ndaBody = (over: Record<string, unknown> = {}) => ({
  template_id: 'dst_nda',
  expires_in_days: 14,
  sender_values: { counterparty_name: 'Globex Corporation', effective_date: '2026-11-01', governing_law: 'England and Wales' },
  signers: NDA_SIGNERS,
  ...over,
});

export interface Preview {
  preview_token: string;
  template_id: string;
  [field: string]: unknown;
}

export async function makePreview(sb: TestSandbox, key: string, body: unknown = ndaBody()): Promise<Preview> {
  const res = await sb.call('POST', '/api/v1/signature-packages/preview', { key, body });
  if (res.status !== 200) throw new Error(`preview failed: ${res.status} ${res.bytes.toString('utf8').slice(0, 400)}`);
  // The spec names the receipt, a version and prepared_pdf; the template is the one sent.
  const template = (body as { template_id?: string }).template_id;
  return { template_id: template, ...(res.body as object) } as Preview;
}

export const sendPreview = (sb: TestSandbox, key: string, p: Preview, idempotencyKey = newIdemKey(), confirmed: unknown = true) =>
  sb.call('POST', '/api/v1/signature-packages', {
    key,
    body: { template_id: p.template_id, preview_token: p.preview_token, confirmed },
    idempotencyKey,
  });

export const previewDocument = (sb: TestSandbox, key: string, p: Preview) =>
  sb.call('POST', '/api/v1/signature-packages/preview/document', {
    key,
    body: { template_id: p.template_id, preview_token: p.preview_token },
  });

/** Preview and send an NDA; answers the 201 body. */
export async function sentPackage(sb: TestSandbox, key: string, body: unknown = ndaBody()) {
  const res = await sendPreview(sb, key, await makePreview(sb, key, body));
  expect(res.status).toBe(201);
  return res.body as { id: string; status: string; [field: string]: unknown };
}

export const packageAction = (sb: TestSandbox, id: string, body: Record<string, unknown>) =>
  sb.control(`/signature-packages/${encodeURIComponent(id)}/actions`, body);

export const getPackage = async (sb: TestSandbox, key: string, id: string) => {
  const res = await sb.call('GET', `/api/v1/signature-packages/${encodeURIComponent(id)}`, { key });
  expect(res.status).toBe(200);
  return res.body as { id: string; status: string; [field: string]: unknown };
};

export const advanceClock = async (sb: TestSandbox, seconds: number) => {
  const res = await sb.control('/clock', { advance_seconds: seconds });
  expect(res.status).toBe(200);
};

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function expectPdf(res: Reply) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

/**
 * The decoded drawing operators of one page, so a test can look for the text a preview
 * drew. pdf-lib writes standard-font text as hex strings, which `hexOf` produces.
 */
export async function pageOperators(bytes: Uint8Array, pageIndex: number): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const page = pdf.getPage(pageIndex);
  const contents = page.node.get(PDFName.of('Contents'));
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  return refs
    .map((ref) => {
      const stream = ref instanceof PDFRef ? pdf.context.lookup(ref) : ref;
      if (!(stream instanceof PDFRawStream)) return '';
      const filter = stream.dict.get(PDFName.of('Filter'));
      const raw = Buffer.from(stream.getContents());
      return (filter === PDFName.of('FlateDecode') ? inflateSync(raw) : raw).toString('latin1');
    })
    .join('\n')
    .toUpperCase();
}

export const hexOf = (text: string) => `<${Buffer.from(text, 'latin1').toString('hex').toUpperCase()}>`;

/**
 * Walks the cross-reference streams from the last `startxref` back through /Prev and checks
 * that every in-file entry points exactly at its object's header, the way a strict reader
 * resolves objects (pdf-lib's own parser scans the file and would not notice a bad offset).
 * Answers the number of sections and of distinct objects located.
 */
export function checkXrefChain(bytes: Buffer): { sections: number; objects: number } {
  const text = bytes.toString('latin1');
  const tail = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text.slice(-1024));
  if (!tail) throw new Error('no startxref at the end');
  let offset: number | null = Number(tail[1]);
  let sections = 0;
  const located = new Set<number>();
  while (offset !== null) {
    const m = /^(\d+) (\d+) obj\s*<<([\s\S]*?)>>\s*stream\r?\n/.exec(text.slice(offset, offset + 4096));
    if (!m) throw new Error(`no cross-reference stream at offset ${offset}`);
    const dict = m[3]!;
    if (!/\/Type\s*\/XRef/.test(dict)) throw new Error(`object at ${offset} is not an XRef stream`);
    const nums = (name: string) =>
      /\[([\d\s]+)\]/
        .exec(dict.slice(dict.indexOf(`/${name}`)))![1]!
        .trim()
        .split(/\s+/)
        .map(Number);
    const w = nums('W');
    const size = Number(/\/Size\s+(\d+)/.exec(dict)![1]);
    const index = dict.includes('/Index') ? nums('Index') : [0, size];
    const length = Number(/\/Length\s+(\d+)/.exec(dict)![1]);
    const start = offset + m[0].length;
    const raw = bytes.subarray(start, start + length);
    const data = /\/Filter\s*\/FlateDecode/.test(dict) ? inflateSync(raw) : raw;
    const field = (at: number, width: number) => {
      let v = 0;
      for (let i = 0; i < width; i++) v = v * 256 + data[at + i]!;
      return v;
    };
    let at = 0;
    for (let s = 0; s < index.length; s += 2) {
      for (let n = index[s]!; n < index[s]! + index[s + 1]!; n++) {
        const type = w[0] === 0 ? 1 : field(at, w[0]!);
        const f2 = field(at + w[0]!, w[1]!);
        const f3 = field(at + w[0]! + w[1]!, w[2]!);
        at += w[0]! + w[1]! + w[2]!;
        if (n >= size) throw new Error(`object ${n} is beyond /Size ${size}`);
        if (type !== 1) continue;
        if (!text.startsWith(`${n} ${f3} obj`, f2))
          throw new Error(`xref entry for object ${n} points at offset ${f2}, which is not its header`);
        located.add(n);
      }
    }
    sections += 1;
    const prev = /\/Prev\s+(\d+)/.exec(dict);
    offset = prev ? Number(prev[1]) : null;
  }
  return { sections, objects: located.size };
}
