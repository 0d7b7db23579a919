import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BYTES, pdfOfSize } from '../../tests/fixtures/pdf-corpus/generated.ts';
import { READER_CASES } from '../../tests/fixtures/pdf-corpus/reader-cases.ts';
import { expectError, startTestSandbox, type TestSandbox } from './harness.ts';
import { multipart, postMultipart, sha256, storedState, uploadBody, uploadPdf } from './fixtures.ts';

// The multipart-level cases of the PDF corpus (issue 13), and a few corpus files end to end:
// the unit test (sandbox/pdf/pdf-corpus.unit.test.ts) covers every file against the inspection.

const CORPUS = join(import.meta.dirname, '../../tests/fixtures/pdf-corpus');
const corpusFile = (name: string) => readFileSync(join(CORPUS, name));

let sb: TestSandbox;
let key: string;
let dataDir: string;
beforeAll(async () => {
  // Its own parent directory, so a file written outside the data directory would be seen.
  const parent = mkdtempSync(join(tmpdir(), 'sandbox-corpus-'));
  dataDir = join(parent, 'data', 'store');
  sb = await startTestSandbox({ dataDir });
  key = await sb.newKey();
});
afterAll(async () => {
  await sb?.close();
  if (dataDir) rmSync(dirname(dirname(dataDir)), { recursive: true, force: true });
});

/** Every file under the test's parent directory, relative to it. */
function filesAround(): string[] {
  const root = dirname(dirname(dataDir));
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1));
}

describe('POST /documents: corpus files end to end', () => {
  it.each([
    ['good/chromium-print.pdf', 3],
    ['good/qpdf-linearized-object-streams.pdf', 3],
    ['good/pdf-lib-acroform.pdf', 1],
    ['good/incremental-update-adds-page.pdf', 2],
    ['good/junk-before-header-http.pdf', 3],
    ['good/end-marker-cut-tail-intact.pdf', 3],
  ])('accepts %s with %i pages, stored byte for byte', async (name, pages) => {
    const pdf = corpusFile(name);
    const res = await uploadPdf(sb, key, pdf, { filename: name.slice(5) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page_count: pages, size_bytes: pdf.length, sha256: sha256(pdf), name: name.slice(5) });
  });

  it.each([
    ['bad/polyglot-pdf-then-zip.pdf', 'UNSUPPORTED_FILE_TYPE', /ZIP archive appended/],
    ['bad/docx-renamed.pdf', 'UNSUPPORTED_FILE_TYPE', /DOCX/],
    ['bad/encrypted-aes256-owner-only.pdf', 'PDF_ENCRYPTED', /opens without a password/],
    ['bad/encrypted-aes256-user-password.pdf', 'PDF_ENCRYPTED', /needs a password/],
    ['bad/truncated-half.pdf', 'INVALID_PDF', /end-of-file marker/],
    ['bad/zero-pages-qpdf.pdf', 'PAGE_COUNT_OUT_OF_RANGE', /0 pages/],
  ])('refuses %s with %s, naming the reason, and keeps nothing', async (name, code, reason) => {
    const before = storedState(sb);
    const error = expectError(await uploadPdf(sb, key, corpusFile(name)), 422, code);
    expect(error.message).toMatch(reason);
    expect(storedState(sb)).toEqual(before);
  });
});

// Issue 40: what mainstream readers open is stored as it was sent; what they cannot show is
// refused with the reason, and nothing is kept.
describe('POST /documents: files as readers take them', () => {
  it.each(READER_CASES.filter((c) => c.expected.accept).map((c) => [c.name, c] as const))(
    'accepts %s, stored byte for byte',
    async (name, c) => {
      const res = await uploadPdf(sb, key, c.bytes, { filename: name });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const pages = c.expected.accept ? c.expected.pages : 0;
      expect(res.body).toMatchObject({ page_count: pages, size_bytes: c.bytes.length, sha256: sha256(c.bytes) });
    },
  );

  it.each(READER_CASES.flatMap((c) => (c.expected.accept ? [] : [[c.name, c.bytes, c.expected] as const])))(
    'refuses %s, naming the reason, and keeps nothing',
    async (_name, bytes, expected) => {
      const before = storedState(sb);
      const error = expectError(await uploadPdf(sb, key, bytes), 422, expected.code);
      expect(error.message).toMatch(expected.names);
      expect(storedState(sb)).toEqual(before);
    },
  );
});

describe('POST /documents: multipart-level cases', () => {
  it('refuses two file parts, even when both are valid PDFs', async () => {
    const pdf = corpusFile('good/mutool-create.pdf');
    const before = storedState(sb);
    const { body, contentType } = multipart([
      { name: 'file', filename: 'one.pdf', content: pdf },
      { name: 'file', filename: 'two.pdf', content: corpusFile('good/pdf-lib-classic.pdf') },
    ]);
    const error = expectError(await postMultipart(sb, key, body, contentType), 422, 'VALIDATION_FAILED');
    expect(error.message).toMatch(/more than one/);
    expect(storedState(sb)).toEqual(before);
  });

  it('keeps only the base name of a path-traversal file name and writes nothing outside its data directory', async () => {
    const pdf = corpusFile('good/mutool-create.pdf');
    const cases: [string, string][] = [
      ['../../../etc/passwd.pdf', 'passwd.pdf'],
      ['..\\..\\..\\Windows\\win.ini.pdf', 'win.ini.pdf'],
      ['/etc/shadow.pdf', 'shadow.pdf'],
      ['....//....//escape.pdf', 'escape.pdf'],
      ['../', 'document.pdf'],
      ['..', 'document.pdf'],
      ['%2e%2e%2f%2e%2e%2fencoded.pdf', '%2e%2e%2f%2e%2e%2fencoded.pdf'],
    ];
    const outside = filesAround().filter((f) => !f.startsWith(join('data', 'store')));
    for (const [filename, stored] of cases) {
      const res = await uploadPdf(sb, key, pdf, { filename });
      expect(res.status, filename).toBe(200);
      expect(res.body.name, filename).toBe(stored);
      // The document's file is named by its id, never by the client's name.
      expect(sb.sandbox.services.files.list()).toContain(`document-${res.body.id}.pdf`);
    }
    expect(filesAround().filter((f) => !f.startsWith(join('data', 'store')))).toEqual(outside);
    expect(filesAround().some((f) => /passwd|shadow|win\.ini|escape|encoded/.test(f))).toBe(false);
  });

  it('accepts a valid PDF of exactly 25 MiB and refuses one byte more with 413', async () => {
    const full = await pdfOfSize(MAX_BYTES);
    expect(full.length).toBe(MAX_BYTES);
    const ok = await uploadPdf(sb, key, full);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ size_bytes: MAX_BYTES, page_count: 1, sha256: sha256(full) });

    const over = await pdfOfSize(MAX_BYTES + 1);
    expect(over.length).toBe(MAX_BYTES + 1);
    const before = storedState(sb);
    const { body, contentType } = uploadBody(over);
    expectError(await postMultipart(sb, key, body, contentType), 413, 'FILE_TOO_LARGE');
    expect(storedState(sb)).toEqual({ ...before, tempFiles: 0, activeUploads: 0 });
  }, 60_000);
});
