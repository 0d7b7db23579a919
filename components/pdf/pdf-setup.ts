'use client';

import { pdfjs } from 'react-pdf';
import { PDF_WORKER_SRC } from './pdf-worker-src';

// The worker is served from public/ (copied from react-pdf's own pdfjs-dist at install),
// so its version always matches the API's. Import this module before rendering any PDF.
pdfjs.GlobalWorkerOptions.workerSrc = PDF_WORKER_SRC;

// The console's CSP (lib/security/csp.ts) needs no option here: pdf.js 6 (react-pdf 11) never
// evals, so there is no `isEvalSupported` left to turn off, and the WebAssembly it compiles
// runs in its worker, whose own policy allows that and nothing more.

/** Options for every <Document>: fonts and CMaps for PDFs that do not embed their own. */
export const PDF_OPTIONS = { cMapUrl: '/pdfjs/cmaps/', cMapPacked: true, standardFontDataUrl: '/pdfjs/standard_fonts/' } as const;

export { pdfjs };
