import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

// The sandbox reads uploads with pdf.js, the engine the console's viewer uses, so that what
// the console can show is what the sandbox accepts. In Node it runs without a worker thread:
// its worker's message handler is registered on globalThis (pdf.js looks there before it
// tries to start a worker) and runs in this thread, as pdf-lib's parsing did before.

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

// pdf.js 6 targets Node 22 and calls Promise.withResolvers, which Node 20 (engines allows it)
// lacks; this is the whole of the standard method.
function ensureWithResolvers(): void {
  if (typeof (Promise as { withResolvers?: unknown }).withResolvers === 'function') return;
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

let loading: Promise<PdfJs> | null = null;

function pdfjs(): Promise<PdfJs> {
  loading ??= (async () => {
    ensureWithResolvers();
    const [lib, worker] = await Promise.all([
      import('pdfjs-dist/legacy/build/pdf.mjs'),
      import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
    ]);
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return lib;
  })();
  return loading;
}

/** Why pdf.js would not open a file: it needs a password, or it is not a readable PDF. */
export class PdfOpenError extends Error {
  constructor(
    readonly reason: 'password' | 'unreadable',
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * Opens `bytes` with pdf.js, hands the document to `read`, and always releases it. The bytes
 * are copied: pdf.js takes ownership of (detaches) the buffer it is given. `warnings` lets
 * pdf.js log its warnings (console.warn), which a test reads to learn what it could not draw.
 */
export async function withPdfJs<T>(
  bytes: Uint8Array,
  read: (doc: PDFDocumentProxy) => Promise<T>,
  opts: { warnings?: boolean } = {},
): Promise<T> {
  const lib = await pdfjs();
  const verbosity = opts.warnings ? lib.VerbosityLevel.WARNINGS : lib.VerbosityLevel.ERRORS;
  const task = lib.getDocument({ data: new Uint8Array(bytes), verbosity });
  try {
    let doc: PDFDocumentProxy;
    try {
      doc = await task.promise;
    } catch (err) {
      const name = err instanceof Error ? err.name : '';
      const message = err instanceof Error ? err.message : String(err);
      throw new PdfOpenError(name === 'PasswordException' ? 'password' : 'unreadable', message);
    }
    return await read(doc);
  } finally {
    await task.destroy().catch(() => undefined);
  }
}
