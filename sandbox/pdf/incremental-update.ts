import { PDFCrossRefStream, PDFDict, PDFName, PDFNull, PDFNumber, type PDFContext, type PDFObject, type PDFRef } from 'pdf-lib';

// An incremental update (ISO 32000-1, 7.5.6): the original bytes stay as they are and the
// changed and new objects follow, with a cross-reference stream that points back to the
// previous one. The cost is proportional to what changed, not to the document's size.

export interface XrefTail {
  /** byte offset of the last cross-reference section (the value after `startxref`) */
  offset: number;
  /** its /Size: one more than the highest object number in use */
  size: number;
}

export function readXrefTail(bytes: Uint8Array): XrefTail {
  const text = (from: number, to = bytes.length) =>
    Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString('latin1');
  // The last startxref, not the last kilobyte: uploads may end with padding (whitespace, NULs,
  // comment lines) after %%EOF, which readers and the upload check allow.
  const at = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).lastIndexOf('startxref', undefined, 'latin1');
  const tail = at === -1 ? null : /^startxref\s+(\d+)\s+%%EOF/.exec(text(at, Math.min(bytes.length, at + 64)));
  if (!tail) throw new Error('PDF has no startxref at its end');
  const offset = Number(tail[1]);
  if (offset >= bytes.length) throw new Error('PDF startxref points past the end');
  // The last section runs to the end of the file; its dictionary (table trailer or stream) holds /Size.
  const size = /\/Size\s+(\d+)/.exec(text(offset));
  if (!size) throw new Error('PDF cross-reference section has no /Size');
  return { offset, size: Number(size[1]) };
}

const SECTION_START = /^(?:xref\b|\d+\s+\d+\s+obj\b)/;

/**
 * The tail when an update can be appended to `bytes` as they are: the header at byte 0 (offsets
 * count from it), startxref ... %%EOF at the end, and a cross-reference section where it
 * points. Null for a file readers repair (issue 40), which must be written whole first.
 */
export function appendableTail(bytes: Uint8Array): XrefTail | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (buffer.indexOf('%PDF-', 0, 'latin1') !== 0) return null;
  let tail: XrefTail;
  try {
    tail = readXrefTail(bytes);
  } catch {
    return null;
  }
  return SECTION_START.test(buffer.subarray(tail.offset, tail.offset + 32).toString('latin1')) ? tail : null;
}

/** `n g obj ... endobj`, ready to append; callers may keep it to append again. */
export function serializeObject(ref: PDFRef, object: PDFObject): Buffer {
  const head = `${ref.objectNumber} ${ref.generationNumber} obj\n`;
  const size = object.sizeInBytes();
  const out = Buffer.alloc(head.length + size + 8);
  out.write(head, 0, 'latin1');
  object.copyBytesInto(out, head.length);
  out.write('\nendobj\n', head.length + size, 'latin1');
  return out;
}

/**
 * Appends `objects` (replacements keep their reference, new ones use numbers from the
 * tail's /Size up; a Buffer is an object already serialized for that reference) and a
 * cross-reference stream numbered `xrefRef`, which must be the highest number used.
 */
export function appendUpdate(
  source: Uint8Array,
  context: PDFContext,
  tail: XrefTail,
  objects: [PDFRef, PDFObject | Buffer][],
  xrefRef: PDFRef,
): Buffer {
  const parts: Uint8Array[] = [source];
  let offset = source.length;
  const push = (chunk: Uint8Array) => {
    parts.push(chunk);
    offset += chunk.length;
  };
  if (source[source.length - 1] !== 0x0a) push(Buffer.from('\n', 'latin1'));

  const { Root, Info, ID, Encrypt } = context.trailerInfo;
  if (!Root) throw new Error('PDF has no document catalog');
  const dict = PDFDict.withContext(context);
  dict.set(PDFName.of('Size'), PDFNumber.of(xrefRef.objectNumber + 1));
  dict.set(PDFName.of('Prev'), PDFNumber.of(tail.offset));
  dict.set(PDFName.of('Root'), Root);
  if (Info) dict.set(PDFName.of('Info'), Info);
  if (ID) dict.set(PDFName.of('ID'), ID);
  // An attachments-only encryption dictionary (the only kind an upload may carry) stays in force.
  if (Encrypt && Encrypt !== PDFNull) dict.set(PDFName.of('Encrypt'), Encrypt);
  const xref = PDFCrossRefStream.of(dict, [], true);

  // Entries go in ascending object number, as the stream's /Index requires.
  for (const [ref, object] of [...objects].sort((a, b) => a[0].objectNumber - b[0].objectNumber)) {
    xref.addUncompressedEntry(ref, offset);
    push(Buffer.isBuffer(object) ? object : serializeObject(ref, object));
  }
  const xrefOffset = offset;
  xref.addUncompressedEntry(xrefRef, xrefOffset);
  push(serializeObject(xrefRef, xref));
  push(Buffer.from(`startxref\n${xrefOffset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}
