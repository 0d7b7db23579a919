'use client';

import { pdfjs } from 'react-pdf';

// The worker is served from public/ (copied from react-pdf's own pdfjs-dist at install),
// so its version always matches the API's. Import this module before rendering any PDF.
pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.min.mjs';

export { pdfjs };
