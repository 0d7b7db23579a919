// Serves pdf.js's worker from public/ (DESIGN.md section 7), taken from the very pdfjs-dist
// that react-pdf uses, so the API and worker versions always match.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const fromReactPdf = createRequire(require.resolve('react-pdf'));
const pdfjsDir = dirname(fromReactPdf.resolve('pdfjs-dist/package.json'));
mkdirSync('public', { recursive: true });
copyFileSync(join(pdfjsDir, 'build', 'pdf.worker.min.mjs'), join('public', 'pdf.worker.min.mjs'));
