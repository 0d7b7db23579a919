// Writes the corpus files that come from Node code: pdf-lib output (one real producer),
// the sandbox's own incremental update, and hand-written PDFs for shapes no tool here emits
// on purpose (an update that adds a page, stale xref offsets, /Encrypt that does not resolve,
// a page tree that lists a missing page). Called by make-corpus.sh with the work directory.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import { populatePreview } from '../../sandbox/pdf/populate-preview.ts';

const [work, out] = process.argv.slice(2);
if (!work || !out) throw new Error('usage: make-node-files.ts <work dir> <corpus dir>');
const good = (name: string, bytes: Uint8Array) => writeFileSync(join(out, 'good', name), bytes);
const bad = (name: string, bytes: Uint8Array) => writeFileSync(join(out, 'bad', name), bytes);
mkdirSync(join(out, 'good'), { recursive: true });
mkdirSync(join(out, 'bad'), { recursive: true });

async function pdfLib(pages: [number, number][], opts: { objectStreams?: boolean; rotate?: number[] } = {}) {
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date('2024-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2024-01-01T00:00:00Z'));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  pages.forEach((size, i) => {
    const page = doc.addPage(size);
    if (opts.rotate?.[i]) page.setRotation(degrees(opts.rotate[i]!));
    page.drawText(`pdf-lib page ${i + 1} of ${pages.length}`, { x: 40, y: 40, size: 12, font });
  });
  return { doc, save: async () => Buffer.from(await doc.save({ useObjectStreams: opts.objectStreams ?? false })) };
}

/** A PDF from object bodies with a correct classic xref table; `eol` lets a file use CRLF. */
function handWritten(objects: string[], opts: { version?: string; eol?: string; trailer?: string } = {}): Buffer {
  const eol = opts.eol ?? '\n';
  let text = `%PDF-${opts.version ?? '1.7'}${eol}%\xe2\xe3\xcf\xd3${eol}`;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(text, 'latin1'));
    text += `${i + 1} 0 obj${eol}${body}${eol}endobj${eol}`;
  });
  const xref = Buffer.byteLength(text, 'latin1');
  // Each xref entry is exactly 20 bytes: the two-byte end of line is " \n" or "\r\n".
  const entryEnd = eol === '\r\n' ? '\r\n' : ' \n';
  text += `xref${eol}0 ${objects.length + 1}${eol}0000000000 65535 f${entryEnd}`;
  for (const off of offsets) text += `${String(off).padStart(10, '0')} 00000 n${entryEnd}`;
  text += `trailer${eol}<< /Size ${objects.length + 1} /Root 1 0 R ${opts.trailer ?? ''}>>${eol}startxref${eol}${xref}${eol}%%EOF${eol}`;
  return Buffer.from(text, 'latin1');
}

const content = (text: string) => {
  const ops = `BT /F1 18 Tf 72 700 Td (${text}) Tj ET`;
  return `<< /Length ${ops.length} >>\nstream\n${ops}\nendstream`;
};
const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** Appends an incremental update with `objects` (number -> body) and a classic xref section. */
function appendClassicUpdate(base: Buffer, objects: Map<number, string>, trailerExtra: string): Buffer {
  const text = base.toString('latin1');
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1]);
  const size = Number(/\/Size (\d+)/.exec(text.slice(prev))![1]);
  let tail = '';
  const offsets = new Map<number, number>();
  for (const [n, body] of objects) {
    offsets.set(n, base.length + tail.length);
    tail += `${n} 0 obj\n${body}\nendobj\n`;
  }
  const xref = base.length + tail.length;
  tail += 'xref\n';
  for (const [n, off] of [...offsets].sort((a, b) => a[0] - b[0])) tail += `${n} 1\n${String(off).padStart(10, '0')} 00000 n \n`;
  const newSize = Math.max(size, ...objects.keys()) + 1;
  tail += `trailer\n<< /Size ${newSize} /Prev ${prev} ${trailerExtra} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.concat([base, Buffer.from(tail, 'latin1')]);
}

// --- good ---------------------------------------------------------------------------------
good(
  'pdf-lib-classic.pdf',
  await (
    await pdfLib([
      [612, 792],
      [612, 792],
      [612, 792],
    ])
  ).save(),
);
good(
  'pdf-lib-object-streams.pdf',
  await (
    await pdfLib(
      [
        [595.28, 841.89],
        [595.28, 841.89],
      ],
      { objectStreams: true },
    )
  ).save(),
);
good(
  'pdf-lib-mixed-sizes-rotated.pdf',
  await (
    await pdfLib(
      [
        [595.28, 841.89],
        [792, 612],
        [612, 792],
        [300, 200],
      ],
      { rotate: [0, 0, 90, 270] },
    )
  ).save(),
);
{
  const { doc, save } = await pdfLib([[612, 792]]);
  const form = doc.getForm();
  const page = doc.getPage(0);
  const name = form.createTextField('signer.name');
  name.setText('Ada Lovelace');
  name.addToPage(page, { x: 72, y: 600, width: 240, height: 24 });
  form.createCheckBox('agree').addToPage(page, { x: 72, y: 560, width: 16, height: 16 });
  const choice = form.createDropdown('country');
  choice.addOptions(['FI', 'SE', 'NO']);
  choice.select('FI');
  choice.addToPage(page, { x: 72, y: 520, width: 120, height: 24 });
  good('pdf-lib-acroform.pdf', await save());
}
{
  // The sandbox's own writer: a template plus one incremental update with an xref stream.
  const source = await (
    await pdfLib([
      [612, 792],
      [612, 792],
    ])
  ).save();
  const preview = await populatePreview({
    source,
    fields: [{ page: 1, rect: { x: 72, y: 600, width: 200, height: 20 }, value: 'Populated value' }],
    slots: [{ page: 2, rect: { x: 72, y: 100, width: 200, height: 40 }, label: 'Signer', name: 'Ada', email: 'ada@example.com' }],
  });
  good('sandbox-preview-incremental.pdf', preview.bytes);
}
const onePage = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
  content('Hand-written page 1'),
  FONT,
];
good('handwritten-pdf-2.0.pdf', handWritten(onePage, { version: '2.0' }));
good('handwritten-crlf.pdf', handWritten(onePage, { eol: '\r\n' }));
good(
  'handwritten-inherited-mediabox.pdf',
  handWritten([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 /MediaBox [0 0 420 595] /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>',
    content('Inherited A5 media box'),
    FONT,
    '<< /Type /Page /Parent 2 0 R /Contents 4 0 R /CropBox [10 10 410 585] >>',
  ]),
);
{
  // Objects intact, but every xref offset is stale (as after editing a PDF in a text editor):
  // readers rebuild the table by scanning, so this is a file they open.
  const text = handWritten(onePage).toString('latin1');
  good(
    'stale-xref-offsets.pdf',
    Buffer.from(
      text.replace(/(\d{10}) 00000 n/g, (_m, off: string) => `${String(Number(off) + 7).padStart(10, '0')} 00000 n`),
      'latin1',
    ),
  );
}
good('trailing-whitespace-after-eof.pdf', Buffer.concat([handWritten(onePage), Buffer.from('\r\n\n  \0\0\0\n')]));
{
  // A one-page file and an update that adds a second page: the newest revision counts.
  const base = handWritten(onePage);
  const update = new Map([
    [2, '<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>'],
    [6, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 7 0 R >>'],
    [7, content('Page added by an incremental update')],
  ]);
  good('incremental-update-adds-page.pdf', appendClassicUpdate(base, update, '/Root 1 0 R'));
}

// --- bad ----------------------------------------------------------------------------------
bad('zero-pages-handwritten.pdf', handWritten(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']));
bad(
  'page-tree-lists-missing-page.pdf',
  handWritten([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << >> >>',
  ]),
);
bad('no-catalog.pdf', Buffer.from(handWritten(onePage).toString('latin1').replace('/Root 1 0 R', '/Root 9 0 R'), 'latin1'));
bad('header-only.pdf', Buffer.from('%PDF-1.7\n'));
bad('noise-after-header.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2048), Buffer.from('\n%%EOF\n')]));
{
  const text = handWritten(onePage).toString('latin1');
  bad('encrypted-dangling-reference.pdf', Buffer.from(text.replace('trailer\n<<', 'trailer\n<< /Encrypt 99 0 R'), 'latin1'));
  const hex = (n: number) => randomBytes(n).toString('hex');
  const update = new Map([[6, `<< /Filter /Standard /V 1 /R 2 /O <${hex(32)}> /U <${hex(32)}> /P -44 >>`]]);
  bad(
    'encrypted-by-incremental-update.pdf',
    appendClassicUpdate(Buffer.from(text, 'latin1'), update, `/Root 1 0 R /Encrypt 6 0 R /ID [<${hex(16)}> <${hex(16)}>]`),
  );
}
{
  // A tiny real GIF (1x1), which gs cannot write.
  bad('gif-renamed.pdf', Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'));
}
const pdfLibOne = readFileSync(join(out, 'good', 'pdf-lib-classic.pdf'));
// An HTTP response saved with its headers, and binary junk that starts with no known signature:
// readers find a header anywhere in the first 1024 bytes and read the PDF from there (issue 40).
good(
  'junk-before-header-http.pdf',
  Buffer.concat([Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: application/pdf\r\n\r\n'), pdfLibOne]),
);
good(
  'junk-before-header-binary.pdf',
  Buffer.concat([Buffer.from([0x01, 0x02, 0x03, 0x04]), randomBytes(60).map((b) => (b === 0x25 ? 0x20 : b)), pdfLibOne]),
);
good('utf8-bom-before-header.pdf', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), pdfLibOne]));
writeFileSync(join(work, 'done-node'), '');
