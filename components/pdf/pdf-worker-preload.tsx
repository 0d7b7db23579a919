import { preload } from 'react-dom';
import { PDF_WORKER_SRC } from './pdf-worker-src';

/**
 * Rendered by the pages that show a PDF, first thing: the head then asks for pdf.js's worker
 * (about 1 MB) alongside the page's own chunks, instead of after the viewer's chunk has
 * arrived and run. Chromium does not hand a preload to a Worker as such (no `as="worker"`),
 * so this fills the HTTP cache and the worker's own request is a revalidation (304).
 */
export function PdfWorkerPreload() {
  preload(PDF_WORKER_SRC, { as: 'fetch', crossOrigin: 'anonymous' });
  return null;
}
