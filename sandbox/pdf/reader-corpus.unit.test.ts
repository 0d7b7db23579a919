import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS } from '../../tests/fixtures/pdf-corpus/manifest.ts';
import { READER_CASES } from '../../tests/fixtures/pdf-corpus/reader-cases.ts';
import { judge } from '../../tests/fixtures/pdf-corpus/reader-judge.ts';
import { ApiError } from '../http/errors.ts';
import { declaresEncryption } from './encryption-markers.ts';
import { inspectUpload } from './inspect-upload.ts';
import { populatePreview } from './populate-preview.ts';

// Issue 40: the sandbox accepts what mainstream readers open and refuses what they cannot,
// with pdf.js (the console's viewer) as the judge of each generated file. Where the sandbox
// refuses a file pdf.js opens, the case says why (a policy); there is no other disagreement.

const DIR = join(import.meta.dirname, '../../tests/fixtures/pdf-corpus');

async function verdictOf(bytes: Buffer) {
  try {
    const { pageCount } = await inspectUpload(bytes);
    return { accepted: true as const, pages: pageCount };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { accepted: false as const, status: err.status, code: err.code, message: err.message };
  }
}

describe('what readers open (issue 40)', () => {
  it.each(READER_CASES.map((c) => [c.name, c] as const))('%s: pdf.js and the case agree', async (_name, c) => {
    const verdict = await judge(c.bytes);
    if (c.expected.accept) expect(verdict).toEqual({ opens: true, pages: c.expected.pages });
    else if (c.policy) expect(verdict.opens, 'a policy refusal is for a file pdf.js opens').toBe(true);
    else expect(verdict.opens, JSON.stringify(verdict)).toBe(false);
  });

  it.each(READER_CASES.map((c) => [c.name, c] as const))('%s: the sandbox answers as readers do', async (_name, c) => {
    const outcome = await verdictOf(c.bytes);
    if (c.expected.accept) {
      expect(outcome).toEqual({ accepted: true, pages: c.expected.pages });
      return;
    }
    expect(outcome).toMatchObject({ accepted: false, status: 422, code: c.expected.code });
    expect(outcome.accepted === false && outcome.message).toMatch(c.expected.names);
  });

  it('judges every committed good file readable, so the judge is not stricter than the corpus', async () => {
    const unread: string[] = [];
    for (const entry of CORPUS.filter((e) => e.expected.accept)) {
      const verdict = await judge(readFileSync(join(DIR, entry.file)));
      if (!verdict.opens || (entry.expected.accept && verdict.pages !== entry.expected.pages))
        unread.push(`${entry.file}: ${JSON.stringify(verdict)}`);
    }
    expect(unread).toEqual([]);
  }, 60_000);

  // An accepted file becomes a template's source; the preview writer appends to it and the
  // result must open in a reader with the same pages.
  it.each(READER_CASES.filter((c) => c.expected.accept).map((c) => [c.name, c] as const))(
    '%s: a populated preview of it opens with its pages',
    async (_name, c) => {
      const pages = c.expected.accept ? c.expected.pages : 0;
      const preview = await populatePreview({
        source: c.bytes,
        fields: [{ page: 1, rect: { x: 20, y: 20, width: 120, height: 18 }, value: 'reader corpus' }],
        slots: [],
      });
      expect(await judge(preview.bytes)).toEqual({ opens: true, pages });
      expect(await verdictOf(preview.bytes)).toEqual({ accepted: true, pages });
      // An attachment's encryption stays in force in the preview (its last trailer names it).
      expect(declaresEncryption(preview.bytes.subarray(c.bytes.length))).toBe(declaresEncryption(c.bytes));
    },
  );
});
