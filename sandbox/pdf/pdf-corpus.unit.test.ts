import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED } from '../../tests/fixtures/pdf-corpus/generated.ts';
import { CORPUS, type Expected } from '../../tests/fixtures/pdf-corpus/manifest.ts';
import { ApiError } from '../http/errors.ts';
import { inspectUpload } from './inspect-upload.ts';
import { populatePreview } from './populate-preview.ts';

const DIR = join(import.meta.dirname, '../../tests/fixtures/pdf-corpus');

type Outcome =
  { accepted: true; pages: number; sizes: number } | { accepted: false; status: number; code: string; message: string };

async function inspect(bytes: Buffer): Promise<Outcome> {
  try {
    const { pageCount, pageSizes } = await inspectUpload(bytes);
    return { accepted: true, pages: pageCount, sizes: pageSizes.length };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { accepted: false, status: err.status, code: err.code, message: err.message };
  }
}

/** Why `outcome` is not what the manifest says, or null when it is. */
function mismatch(expected: Expected, outcome: Outcome): string | null {
  if (expected.accept) {
    if (!outcome.accepted) return `refused ${outcome.code}: ${outcome.message}`;
    if (outcome.pages !== expected.pages || outcome.sizes !== expected.pages)
      return `accepted with ${outcome.pages} pages, expected ${expected.pages}`;
    return null;
  }
  if (outcome.accepted) return `accepted with ${outcome.pages} pages`;
  if (outcome.code !== expected.code) return `refused ${outcome.code} (${outcome.message}), expected ${expected.code}`;
  if (!expected.names.test(outcome.message)) return `message "${outcome.message}" does not match ${expected.names}`;
  return null;
}

describe('PDF upload corpus', () => {
  it('has a manifest entry for every committed file and a file for every entry', () => {
    const files = ['good', 'bad'].flatMap((kind) => readdirSync(join(DIR, kind)).map((f) => `${kind}/${f}`));
    expect(files.sort()).toEqual(CORPUS.map((e) => e.file).sort());
    for (const entry of CORPUS) expect(entry.file.startsWith(entry.expected.accept ? 'good/' : 'bad/'), entry.file).toBe(true);
    expect(
      CORPUS.filter((e) => !e.expected.accept).length + GENERATED.filter((g) => !g.expected.accept).length,
    ).toBeGreaterThanOrEqual(30);
  });

  it('accepts every good file with its page count and refuses every bad one with the expected code and reason', async () => {
    const cases = [
      ...CORPUS.map((e) => ({ name: e.file, expected: e.expected, bytes: async () => readFileSync(join(DIR, e.file)) })),
      ...GENERATED.map((g) => ({ name: `generated/${g.name}`, expected: g.expected, bytes: () => g.build() })),
    ];
    const failures: string[] = [];
    let acceptedInvalid = 0;
    let refusedValid = 0;
    for (const c of cases) {
      const outcome = await inspect(await c.bytes());
      const wrong = mismatch(c.expected, outcome);
      if (!wrong) continue;
      failures.push(`${c.name}: ${wrong}`);
      if (c.expected.accept && !outcome.accepted) refusedValid++;
      if (!c.expected.accept && outcome.accepted) acceptedInvalid++;
    }
    const good = cases.filter((c) => c.expected.accept).length;
    console.log(
      `pdf corpus: ${good} good, ${cases.length - good} bad; accepted-invalid ${acceptedInvalid}, refused-valid ${refusedValid}`,
    );
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses with 422 for the file itself and 413 only for size', async () => {
    for (const entry of CORPUS.filter((e) => !e.expected.accept)) {
      const outcome = await inspect(readFileSync(join(DIR, entry.file)));
      expect(outcome.accepted ? 200 : outcome.status, entry.file).toBe(422);
    }
  });

  // Accepted documents are read later with pdf-lib, which writes populated previews as an
  // incremental update; every good file must survive that and read back the same.
  it('keeps every good file usable by the pdf-lib preview writer', async () => {
    for (const entry of CORPUS) {
      if (!entry.expected.accept) continue;
      const preview = await populatePreview({
        source: readFileSync(join(DIR, entry.file)),
        fields: [{ page: 1, rect: { x: 20, y: 20, width: 120, height: 18 }, value: 'corpus' }],
        slots: [],
      });
      const back = await inspect(preview.bytes);
      expect(back, entry.file).toMatchObject({ accepted: true, pages: entry.expected.pages });
    }
  }, 60_000);
});
