import { describe, expect, it } from 'vitest';
import { inkBox, overlaps, textRuns, type Box, type TextRun } from '../../tests/support/pdf-text-runs.ts';
import { SIGN_TEMPLATE_SEEDS, type SignTemplateSeed } from '../seed/sign-templates.ts';
import { populatePreview } from './populate-preview.ts';
import { renderTemplatePdf } from './template-pdf.ts';

// The seeded templates are what every package preview is drawn on: a value printed into a
// field must land on blank paper, and the template's own words must be readable.

const areas = (seed: SignTemplateSeed, page: number): { name: string; rect: Box }[] => [
  ...seed.sender_fields.filter((f) => f.page === page).map((f) => ({ name: `field ${f.key}`, rect: f.rect })),
  ...seed.slots.filter((s) => s.page === page).map((s) => ({ name: `slot ${s.slot_id}`, rect: s.rect })),
];

const describeRun = (r: TextRun) => `p.${r.page} "${r.text}" at (${r.x.toFixed(1)}, ${r.y.toFixed(1)})`;

const versions = SIGN_TEMPLATE_SEEDS.flatMap((seed) => seed.versions.map((v) => [`${seed.id} v${v}`, seed, v] as const));

describe('seeded template PDFs', () => {
  // The seed draws each once per process and hands out copies (sandbox/seed/seed.ts).
  it('are the same bytes every time they are drawn', async () => {
    for (const seed of SIGN_TEMPLATE_SEEDS.slice(0, 2)) {
      const [a, b] = [await renderTemplatePdf(seed, seed.versions[0]!), await renderTemplatePdf(seed, seed.versions[0]!)];
      expect(Buffer.from(a).equals(Buffer.from(b)), seed.id).toBe(true);
    }
  });

  it.each(versions)('%s prints nothing inside a field or signature box', async (_name, seed, version) => {
    const runs = await textRuns(await renderTemplatePdf(seed, version));
    const inside = runs.flatMap((r) =>
      areas(seed, r.page)
        .filter((a) => overlaps(inkBox(r), a.rect))
        .map((a) => `${describeRun(r)} inside ${a.name}`),
    );
    expect(inside).toEqual([]);
  });

  it.each(versions)('%s never prints a line of text over another', async (_name, seed, version) => {
    const runs = await textRuns(await renderTemplatePdf(seed, version));
    const clashes: string[] = [];
    runs.forEach((r, i) => {
      for (const other of runs.slice(i + 1)) {
        if (other.page === r.page && overlaps(inkBox(r), inkBox(other)))
          clashes.push(`${describeRun(r)} over ${describeRun(other)}`);
      }
    });
    expect(clashes.slice(0, 5)).toEqual([]);
  });

  it('a populated preview shows each field’s value, and only it, in the field', async () => {
    const seed = SIGN_TEMPLATE_SEEDS.find((s) => s.id === 'dst_offer')!;
    const source = await renderTemplatePdf(seed, seed.versions.at(-1)!);
    const fields = seed.sender_fields.map((f) => ({ ...f, value: `${f.label} value` }));
    const slots = seed.slots.map((s) => ({ ...s, name: 'Ada Lovelace', email: 'ada@example.com' }));
    const preview = await populatePreview({ source, fields, slots });
    const runs = (await textRuns(preview.bytes)).filter((r) => r.upright);
    for (const f of fields) {
      const inField = runs.filter((r) => r.page === f.page && overlaps(inkBox(r), f.rect)).map((r) => r.text);
      expect(inField, f.key).toEqual([f.value]);
    }
    for (const s of slots) {
      const inSlot = runs.filter((r) => r.page === s.page && overlaps(inkBox(r), s.rect)).map((r) => r.text);
      expect(inSlot, s.slot_id).toEqual([s.label, s.name, s.email]);
    }
  });
});
