import { PDFArray, PDFDict, PDFName, PDFRef, PDFStream, type PDFContext, type PDFObject } from 'pdf-lib';

// A stream encoded with a filter no reader decodes (a producer's private /FooDecode) opens
// without an error: pdf.js warns and draws nothing of it, so the page shows blank or without
// its image. Such a page cannot be shown, and the upload is refused naming it. A stream no
// page draws (a leftover object, an attachment) is no reader's concern.

/** The filters pdf.js decodes (src/core/parser.js, makeFilter), with their abbreviations. */
const DECODED = new Set([
  'FlateDecode',
  'Fl',
  'LZWDecode',
  'LZW',
  'DCTDecode',
  'DCT',
  'JPXDecode',
  'JPX',
  'ASCII85Decode',
  'A85',
  'ASCIIHexDecode',
  'AHx',
  'CCITTFaxDecode',
  'CCF',
  'RunLengthDecode',
  'RL',
  'JBIG2Decode',
  'BrotliDecode',
  'Crypt',
]);

// A stream dictionary is never inside an object stream, so every stream's /Filter is in the
// raw bytes; a name outside DECODED (or a filter given by reference) is the cue to look closer.
// Non-stream dictionaries have a /Filter too (/Standard for encryption, /Adobe.PPKLite for a
// signature): they only send the check to the objects, which tell them apart.
const FILTER_ENTRY = /\/Filter\s*(\[[^\]]{0,512}\]|\/[^\s/[\]<>()%{}]+|\d+\s+\d+\s+R)/g;

export function mayUseUnknownFilter(bytes: Buffer): boolean {
  const text = bytes.toString('latin1');
  for (const [, value] of text.matchAll(FILTER_ENTRY)) {
    if (/R$/.test(value!)) return true;
    const names = value!.match(/\/[^\s/[\]<>()%{}]+/g) ?? [];
    if (names.some((n) => !DECODED.has(n.slice(1)))) return true;
  }
  return false;
}

/** The first filter of `stream` that readers cannot decode, or null. */
function unknownFilter(stream: PDFStream): string | null {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const names = filter instanceof PDFArray ? filter.asArray().map((f) => stream.dict.context.lookup(f)) : [filter];
  for (const name of names) {
    if (name === undefined) continue;
    if (!(name instanceof PDFName)) return String(name);
    if (!DECODED.has(name.decodeText())) return name.decodeText();
  }
  return null;
}

// Page trees and form nesting are bounded in real files; these bound a hostile one.
const MAX_PARENTS = 64;
const MAX_STREAMS = 10_000;

/** The page's /Resources, inherited from the page tree when the page has none. */
function resourcesOf(context: PDFContext, page: PDFDict): PDFDict | undefined {
  let node: PDFDict | undefined = page;
  for (let depth = 0; node && depth < MAX_PARENTS; depth++) {
    const resources = node.lookup(PDFName.of('Resources'));
    if (resources instanceof PDFDict) return resources;
    const parent: PDFObject | undefined = node.get(PDFName.of('Parent'));
    const next: PDFObject | undefined = parent === undefined ? undefined : context.lookup(parent);
    node = next instanceof PDFDict ? next : undefined;
  }
  return undefined;
}

export interface UnknownFilter {
  /** "its content" or "its image or form /Im1" */
  part: string;
  filter: string;
}

/**
 * The first stream page `ref` draws (its content, and the images and forms it paints, forms
 * followed into their own resources) that is encoded with a filter readers cannot decode.
 */
export function unknownFilterOnPage(context: PDFContext, ref: { num: number; gen: number }): UnknownFilter | null {
  const page = context.lookup(PDFRef.of(ref.num, ref.gen));
  if (!(page instanceof PDFDict)) return null;
  const seen = new Set<PDFObject>();
  const contents = page.lookup(PDFName.of('Contents'));
  const streams = contents instanceof PDFArray ? contents.asArray().map((c) => context.lookup(c)) : [contents];
  for (const stream of streams) {
    if (!(stream instanceof PDFStream)) continue;
    const filter = unknownFilter(stream);
    if (filter) return { part: 'its content', filter };
  }
  const pending: PDFDict[] = [];
  const start = resourcesOf(context, page);
  if (start) pending.push(start);
  while (pending.length > 0 && seen.size < MAX_STREAMS) {
    const xobjects = pending.pop()!.lookup(PDFName.of('XObject'));
    if (!(xobjects instanceof PDFDict)) continue;
    for (const [name, value] of xobjects.entries()) {
      const xobject = context.lookup(value);
      if (!(xobject instanceof PDFStream) || seen.has(xobject)) continue;
      seen.add(xobject);
      const filter = unknownFilter(xobject);
      if (filter) return { part: `its image or form ${name.asString()}`, filter };
      const inner = xobject.dict.lookup(PDFName.of('Resources'));
      if (inner instanceof PDFDict) pending.push(inner);
    }
  }
  return null;
}
