import { PDFDocument, type PDFContext } from 'pdf-lib';

// pdf.js answers what a reader shows but keeps the file's objects to itself; the two things
// the inspection needs from them (the encryption dictionary, and each stream's filters) are
// read with pdf-lib, which parses objects in file order and so reads damaged files as well.
// Only asked for when the raw bytes give a reason to (an /Encrypt entry, an unknown filter name).

/** The file's objects as pdf-lib reads them, or null when it cannot (pdf.js's verdict then stands). */
export async function readObjects(bytes: Buffer): Promise<PDFContext | null> {
  try {
    const doc = await PDFDocument.load(bytes, {
      // Reading the dictionaries is all that is done here; nothing is decrypted or written.
      ignoreEncryption: true,
      throwOnInvalidObject: false,
      updateMetadata: false,
      parseSpeed: Number.POSITIVE_INFINITY,
    });
    return doc.context;
  } catch {
    return null;
  }
}

/** Memoises one read of `bytes` for the length of an inspection. */
export function lazyObjects(bytes: Buffer): () => Promise<PDFContext | null> {
  let read: Promise<PDFContext | null> | null = null;
  return () => (read ??= readObjects(bytes));
}
