/** pdf.js's worker, served from public/ (scripts/copy-pdf-worker.mjs; DESIGN.md section 7). */
export const PDF_WORKER_SRC = '/pdf.worker.min.mjs';
