import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import type { SignTemplateSeed } from '../seed/sign-templates.ts';

const WORDS =
  'party agreement services confidential information obligations term notice payment schedule liability warranty law section clause provider client employee policy records consent data security'.split(
    ' ',
  );

/** Deterministic filler prose, so a template's PDF is the same bytes on every machine. */
function sentence(seed: number): string {
  const n = 9 + (seed % 7);
  const words = Array.from({ length: n }, (_, i) => WORDS[(seed * 7 + i * 13) % WORDS.length]!);
  const s = words.join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}

const BODY_SIZE = 10;
const LEADING = 14;
const PARAGRAPH_GAP = 6;
const MARGIN = { left: 72, width: 468, bottom: 90 };

/** Greedy word wrap by the font's own widths, so each line is drawn at a baseline of its own. */
function wrapLines(font: PDFFont, text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

// A real, multi-page PDF: headings, body text, page numbers, labelled sender fields and
// signature boxes where the template's layout puts them.
export async function renderTemplatePdf(seed: SignTemplateSeed, version: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${seed.name} (v${version})`);
  pdf.setCreator('Signing sandbox');
  pdf.setProducer('Signing sandbox');
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (let p = 1; p <= seed.pages; p++) {
    const page = pdf.addPage([612, 792]);
    page.drawText(p === 1 ? seed.name : `${seed.name} — section ${p}`, { x: 72, y: 720, size: p === 1 ? 20 : 14, font: bold });
    page.drawText(`Template ${seed.id}, version ${version}`, { x: 72, y: 700, size: 9, font, color: rgb(0.4, 0.4, 0.4) });
    const fields = seed.sender_fields.filter((f) => f.page === p);
    const slots = seed.slots.filter((s) => s.page === p);
    // Prose starts below the sender fields and leaves the signature page to its boxes: a
    // value printed into a field must land on blank paper.
    let y = fields.length > 0 ? Math.min(...fields.map((f) => f.rect.y)) - 40 : 660;
    if (slots.length === 0) {
      for (let paragraph = 0; paragraph < 18; paragraph++, y -= PARAGRAPH_GAP) {
        const lines = wrapLines(font, sentence(p * 31 + paragraph + version), BODY_SIZE, MARGIN.width);
        if (y - (lines.length - 1) * LEADING < MARGIN.bottom) break;
        for (const line of lines) {
          page.drawText(line, { x: MARGIN.left, y, size: BODY_SIZE, font });
          y -= LEADING;
        }
      }
    }
    for (const f of fields) {
      page.drawText(`${f.label}${f.required ? ' *' : ''}:`, { x: 72, y: f.rect.y + 4, size: 10, font: bold });
      page.drawLine({ start: { x: f.rect.x, y: f.rect.y }, end: { x: f.rect.x + f.rect.width, y: f.rect.y }, thickness: 0.5 });
    }
    for (const s of slots) {
      page.drawRectangle({
        x: s.rect.x,
        y: s.rect.y,
        width: s.rect.width,
        height: s.rect.height,
        borderWidth: 0.75,
        borderColor: rgb(0.3, 0.3, 0.3),
      });
      page.drawText(`Signature — ${s.label}`, { x: s.rect.x, y: s.rect.y - 14, size: 9, font });
    }
    page.drawText(`Page ${p} of ${seed.pages}`, { x: 500, y: 40, size: 9, font, color: rgb(0.4, 0.4, 0.4) });
  }
  return pdf.save({ useObjectStreams: true });
}
