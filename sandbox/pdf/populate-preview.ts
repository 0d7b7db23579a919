import { createHash } from 'node:crypto';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRef,
  popGraphicsState,
  pushGraphicsState,
  type PDFContext,
  type PDFObject,
  type PDFOperator,
  type PDFPage,
} from 'pdf-lib';
import type { Rect } from '../domain/catalog.ts';
import { appendUpdate, appendableTail, readXrefTail, serializeObject, type XrefTail } from './incremental-update.ts';
import { FAINT_OPACITY, RESOURCE, fieldOps, markOps, slotOps } from './preview-overlay.ts';

export interface PopulateInput {
  /** the template version's source PDF; never modified */
  source: Uint8Array;
  fields: { page: number; rect: Rect; value: string }[];
  slots: { page: number; rect: Rect; label: string; name: string; email: string }[];
}

export interface PopulatedPdf {
  bytes: Buffer;
  pageCount: number;
  sha256: string;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// Parsing is the only step whose cost grows with the whole document, and a template
// version's bytes never change, so each is parsed once. The parsed documents are only read:
// every preview builds new objects beside them.
const CACHE_LIMIT = 8;

interface Parsed {
  doc: PDFDocument;
  /** the bytes the update is appended to: the source, or its rewrite when its end is damaged */
  base: Uint8Array;
  tail: XrefTail;
  /** serialized dictionaries of pages that carry no values; identical in every preview */
  plainPages: Map<number, Buffer>;
}
const cache = new Map<string, Promise<Parsed>>();

// Accepted documents are what readers open (issue 40): some carry an encryption dictionary for
// their attachments only, which pdf-lib reads past, and the objects and the dictionary are
// copied as they are.
const LOAD = { updateMetadata: false, parseSpeed: Number.POSITIVE_INFINITY, ignoreEncryption: true } as const;

async function load(source: Uint8Array): Promise<Parsed> {
  const doc = await PDFDocument.load(source, LOAD);
  const tail = appendableTail(source);
  if (tail) return { doc, base: source, tail, plainPages: new Map() };
  // An update must point back at a table where it says it is; readers rebuild a damaged one,
  // but the preview is written whole once, as pdf-lib read it, and updated from there.
  const base = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
  return { doc: await PDFDocument.load(base, LOAD), base, tail: readXrefTail(base), plainPages: new Map() };
}

function parse(source: Uint8Array): Promise<Parsed> {
  const key = sha256(source);
  let hit = cache.get(key);
  if (hit) cache.delete(key);
  else {
    hit = load(source);
    hit.catch(() => cache.delete(key));
  }
  cache.set(key, hit);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return hit;
}

/** The page's own content stream references, in order. */
function contentsOf(context: PDFContext, page: PDFPage): PDFObject[] {
  const contents = page.node.get(PDFName.of('Contents'));
  const list = contents instanceof PDFRef ? context.lookup(contents) : contents;
  if (list instanceof PDFArray) return list.asArray();
  return contents ? [contents] : [];
}

/** A copy of `dict`'s sub-dictionary `name` (direct or by reference) with `add` merged in. */
function extended(context: PDFContext, dict: PDFDict | undefined, name: string, add: Record<string, PDFObject>): PDFDict {
  const out = PDFDict.withContext(context);
  const base = dict?.lookupMaybe(PDFName.of(name), PDFDict);
  for (const [k, v] of base?.entries() ?? []) out.set(k, v);
  for (const [k, v] of Object.entries(add)) out.set(PDFName.of(k), v);
  return out;
}

/** The page's dictionary, re-pointed at `streams` and given the overlay's resources. */
function rewrittenPage(
  context: PDFContext,
  page: PDFPage,
  streams: PDFObject[],
  fonts: Record<string, PDFRef>,
  states: Record<string, PDFRef>,
) {
  const dict = PDFDict.withContext(context);
  for (const [k, v] of page.node.entries()) dict.set(k, v);
  const inherited = page.node.Resources();
  const resources = PDFDict.withContext(context);
  for (const [k, v] of inherited?.entries() ?? []) resources.set(k, v);
  resources.set(PDFName.of('Font'), extended(context, inherited, 'Font', fonts));
  resources.set(PDFName.of('ExtGState'), extended(context, inherited, 'ExtGState', states));
  dict.set(PDFName.of('Resources'), resources);
  dict.set(PDFName.of('Contents'), context.obj(streams));
  return dict;
}

const boxKey = (page: PDFPage) => {
  const b = page.getMediaBox();
  return `${b.x} ${b.y} ${b.width} ${b.height}`;
};

// The populated preview is the template plus one incremental update: fonts, a transparency
// state, the PREVIEW mark (one stream per page size, shared), an overlay per page that
// carries values, and each page's dictionary re-pointed at its streams. The template's own
// bytes and content streams are copied untouched, and the objects every preview shares get
// the same numbers each time, so the dictionaries of pages without values are serialized
// once per template: the work per preview follows the pages that carry values.
export async function populatePreview(input: PopulateInput): Promise<PopulatedPdf> {
  const { doc, base, tail, plainPages } = await parse(input.source);
  const context = doc.context;
  let nextNumber = Math.max(tail.size, context.largestObjectNumber + 1);
  const objects: [PDFRef, PDFObject | Buffer][] = [];
  const add = (object: PDFObject) => {
    const ref = PDFRef.of(nextNumber++);
    objects.push([ref, object]);
    return ref;
  };
  const stream = (ops: PDFOperator[]) => add(context.contentStream(ops));
  const font = (base: string) =>
    add(context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: base, Encoding: 'WinAnsiEncoding' }));

  // Shared objects first, in a fixed order: their numbers must not depend on the values.
  const fonts = { [RESOURCE.regular]: font('Helvetica'), [RESOURCE.bold]: font('Helvetica-Bold') };
  const states = { [RESOURCE.faint]: add(context.obj({ Type: 'ExtGState', ca: FAINT_OPACITY, CA: FAINT_OPACITY })) };
  // The template's content is wrapped in q ... Q so a graphics state it leaves behind cannot skew the overlay.
  const open = stream([pushGraphicsState()]);
  const close = stream([popGraphicsState()]);
  const pages = doc.getPages();
  // Nothing per receipt (id, time) goes into the bytes: the same frozen input renders the same
  // PDF, so prepared_pdf.sha256 tells a client that a new receipt shows what it already reviewed.
  const footer = 'PREVIEW — not sent, not for signature.';
  const marks = new Map<string, PDFRef>();
  for (const page of pages) {
    const key = boxKey(page);
    if (!marks.has(key)) marks.set(key, stream(markOps(page.getMediaBox(), footer)));
  }

  pages.forEach((page, i) => {
    const overlay = [
      ...input.fields.filter((f) => f.page === i + 1).flatMap((f) => fieldOps(f.rect, f.value)),
      ...input.slots.filter((s) => s.page === i + 1).flatMap((s) => slotOps(s.rect, s)),
    ];
    const streams = [open, ...contentsOf(context, page), close, marks.get(boxKey(page))!];
    if (overlay.length > 0) {
      objects.push([page.ref, rewrittenPage(context, page, [...streams, stream(overlay)], fonts, states)]);
      return;
    }
    let plain = plainPages.get(i);
    if (!plain) {
      plain = serializeObject(page.ref, rewrittenPage(context, page, streams, fonts, states));
      plainPages.set(i, plain);
    }
    objects.push([page.ref, plain]);
  });

  const bytes = appendUpdate(base, context, tail, objects, PDFRef.of(nextNumber++));
  return { bytes, pageCount: pages.length, sha256: sha256(bytes) };
}
