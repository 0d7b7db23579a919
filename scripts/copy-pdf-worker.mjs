// Serves pdf.js's worker, standard fonts and character maps from public/ (DESIGN.md
// section 7), taken from the very pdfjs-dist that react-pdf uses, so versions always match.
// Fonts and CMaps let PDFs that do not embed their fonts (or use CJK text) render correctly.
import { copyFileSync, cpSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const fromReactPdf = createRequire(require.resolve('react-pdf'));
const pdfjsDir = dirname(fromReactPdf.resolve('pdfjs-dist/package.json'));
mkdirSync('public/pdfjs', { recursive: true });
copyFileSync(join(pdfjsDir, 'build', 'pdf.worker.min.mjs'), join('public', 'pdf.worker.min.mjs'));
cpSync(join(pdfjsDir, 'standard_fonts'), join('public', 'pdfjs', 'standard_fonts'), { recursive: true });
cpSync(join(pdfjsDir, 'cmaps'), join('public', 'pdfjs', 'cmaps'), { recursive: true });
