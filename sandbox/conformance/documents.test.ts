import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { protectDocument, type DocumentRecord } from '../domain/documents.ts';
import { expectError, expectedCode, newIdemKey, startTestSandbox, type TestSandbox } from './harness.ts';
import {
  brokenPageTreePdf,
  corruptPdf,
  encryptedPdfDangling,
  encryptedPdfIncremental,
  jpegBytes,
  makePdf,
  multipart,
  padPdf,
  pngBytes,
  postMultipart,
  pptxBytes,
  sha256,
  storedState,
  truncatedPdf,
  uploadBody,
  uploadPdf,
  zeroPagePdf,
} from './fixtures.ts';
import { openUpload, streamUpload } from './raw-upload.ts';

const MiB = 1024 * 1024;
const MAX_FILE = 25 * MiB;

let sb: TestSandbox;
let key: string;
/** a small valid PDF for tests about everything but the file itself */
let pdfOnce: Buffer;
beforeAll(async () => {
  sb = await startTestSandbox();
  key = await sb.newKey();
  pdfOnce = await makePdf(1);
});
afterAll(async () => sb?.close());

const uploadHeaders = (k: string, contentType: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${k}`,
  'x-service-environment': 'sandbox',
  'idempotency-key': newIdemKey(),
  'content-type': contentType,
  ...extra,
});

/** Runs `act` and asserts it left no document, file or temporary file behind. */
async function leavesNothing<T>(act: () => Promise<T>): Promise<T> {
  const before = storedState(sb);
  const result = await act();
  expect(storedState(sb)).toEqual({ ...before, tempFiles: 0, activeUploads: 0 });
  return result;
}

describe('POST /documents: accepted uploads', () => {
  it('stores a real multi-page PDF byte for byte, with its page count, size and sha256', async () => {
    const pdf = await makePdf(7);
    const res = await uploadPdf(sb, key, pdf, { filename: 'Master agreement.pdf' });
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc).toMatchObject({
      name: 'Master agreement.pdf',
      logical_purpose: 'ATTACHMENT',
      content_type: 'application/pdf',
      page_count: 7,
      size_bytes: pdf.length,
      sha256: sha256(pdf),
      protected: false,
      references: [],
      layout: { fields: [] },
      layout_version: 0,
      layout_status: 'none',
    });
    expect(doc.id).toMatch(/^doc_[A-Za-z0-9_-]{22}$/);

    expect((await sb.call('GET', `/api/v1/documents/${doc.id}`, { key })).body).toEqual(doc);
    const list = await sb.call('GET', '/api/v1/documents?size=100', { key });
    expect(list.body.data.map((d: DocumentRecord) => d.id)).toContain(doc.id);

    const session = await sb.call('POST', `/api/v1/documents/${doc.id}/session`, { key });
    const back = await sb.call('GET', `/api/v1/hosted-editor/${session.body.session_id}/document`);
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toBe('application/pdf');
    expect(sha256(back.bytes)).toBe(sha256(pdf));
    expect(back.bytes.equals(pdf)).toBe(true);
  });

  it('defaults logicalPurpose to ATTACHMENT and accepts SIGNATURE_TARGET; the list filters by it', async () => {
    const k = await sb.newKey();
    const plain = await uploadPdf(sb, k, await makePdf(1));
    const target = await uploadPdf(sb, k, await makePdf(2), { purpose: 'SIGNATURE_TARGET' });
    const attachment = await uploadPdf(sb, k, await makePdf(1), { purpose: 'ATTACHMENT' });
    expect([plain.body.logical_purpose, target.body.logical_purpose, attachment.body.logical_purpose]).toEqual([
      'ATTACHMENT',
      'SIGNATURE_TARGET',
      'ATTACHMENT',
    ]);
    const targets = await sb.call('GET', '/api/v1/documents?logical_purpose=SIGNATURE_TARGET', { key: k });
    expect(targets.body.data.map((d: DocumentRecord) => d.id)).toEqual([target.body.id]);
    expect(targets.body.pagination).toEqual({ page: 1, size: 25, total: 1, pages: 1 });
    const attachments = await sb.call('GET', '/api/v1/documents?logical_purpose=ATTACHMENT', { key: k });
    expect(attachments.body.pagination.total).toBe(2);
    expectError(await sb.call('GET', '/api/v1/documents?logical_purpose=signature', { key: k }), 422, 'VALIDATION_FAILED');
  });

  it('accepts exactly 200 pages and exactly 25 MiB', async () => {
    const many = await uploadPdf(sb, key, await makePdf(200));
    expect(many.status).toBe(200);
    expect(many.body.page_count).toBe(200);
    const full = padPdf(await makePdf(1), MAX_FILE);
    const big = await uploadPdf(sb, key, full);
    expect(big.status).toBe(200);
    expect(big.body.size_bytes).toBe(MAX_FILE);
    expect(big.body.sha256).toBe(sha256(full));
  });

  it('accepts PDFs written with compressed object streams', async () => {
    const res = await uploadPdf(sb, key, await makePdf(3, { objectStreams: true }));
    expect(res.status).toBe(200);
    expect(res.body.page_count).toBe(3);
  });

  it('keeps only a display name: control and direction-override characters and paths are dropped', async () => {
    const res = await uploadPdf(sb, key, await makePdf(1), { filename: 'C:\\Users\\me\\invoice\u202Egpj.pdf' });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('invoicegpj.pdf');
  });
});

describe('POST /documents: refused bodies leave nothing behind', () => {
  it('rejects a logicalPurpose other than ATTACHMENT or SIGNATURE_TARGET with 422', async () => {
    for (const purpose of ['signature_target', '', 'OTHER']) {
      const error = expectError(await leavesNothing(() => uploadPdf(sb, key, pdfOnce, { purpose })), 422, 'VALIDATION_FAILED');
      expect(error.details?.[0]?.path).toBe('logicalPurpose');
    }
  });

  it('needs exactly one file part named "file"', async () => {
    const pdf = await makePdf(1);
    const cases = [
      multipart([{ name: 'logicalPurpose', value: 'ATTACHMENT' }]),
      multipart([{ name: 'file', value: 'not a file part' }]),
      multipart([{ name: 'document', filename: 'a.pdf', content: pdf }]),
      multipart([
        { name: 'file', filename: 'a.pdf', content: pdf },
        { name: 'file', filename: 'b.pdf', content: pdf },
      ]),
      multipart([
        { name: 'file', filename: 'a.pdf', content: pdf },
        { name: 'comment', value: 'hello' },
      ]),
      multipart([
        { name: 'logicalPurpose', value: 'ATTACHMENT' },
        { name: 'logicalPurpose', value: 'ATTACHMENT' },
        { name: 'file', filename: 'a.pdf', content: pdf },
      ]),
    ];
    const messages: string[] = [];
    for (const { body, contentType } of cases) {
      messages.push(
        expectError(await leavesNothing(() => postMultipart(sb, key, body, contentType)), 422, 'VALIDATION_FAILED').message,
      );
    }
    expect(messages[3]).toMatch(/more than one/);
    expect(messages[4]).toMatch(/comment/);
  });

  it('answers 415 to a body that is not multipart/form-data', async () => {
    const pdf = await makePdf(1);
    for (const contentType of ['application/pdf', 'application/json', 'application/x-www-form-urlencoded']) {
      expectError(await leavesNothing(() => postMultipart(sb, key, pdf, contentType)), 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('answers 400 to a malformed multipart body', async () => {
    const { body, contentType } = uploadBody(await makePdf(1));
    const cut = body.subarray(0, body.length - 20);
    expectError(await leavesNothing(() => postMultipart(sb, key, cut, contentType)), 400, 'MALFORMED_MULTIPART');
    expectError(await leavesNothing(() => postMultipart(sb, key, body, 'multipart/form-data')), 400, 'MALFORMED_MULTIPART');
  });

  it('refuses images and PPTX by their content, naming what was sent, whatever the file is called', async () => {
    const cases: [Buffer, RegExp][] = [
      [pngBytes(), /PNG/],
      [jpegBytes(), /JPEG/],
      [pptxBytes(), /PPTX/],
    ];
    for (const [bytes, named] of cases) {
      const error = expectError(
        await leavesNothing(() => uploadPdf(sb, key, bytes, { filename: 'looks-fine.pdf' })),
        422,
        'UNSUPPORTED_FILE_TYPE',
      );
      expect(error.message).toMatch(named);
    }
  });

  it('refuses damaged PDFs with INVALID_PDF', async () => {
    // pdf-lib alone reads the broken page tree as a 1-page document.
    expect((await PDFDocument.load(brokenPageTreePdf(), { updateMetadata: false })).getPageCount()).toBe(1);
    for (const bytes of [corruptPdf(), await truncatedPdf(), brokenPageTreePdf(), Buffer.from('%PDF-1.7\n')]) {
      expectError(await leavesNothing(() => uploadPdf(sb, key, bytes)), 422, 'INVALID_PDF');
    }
  });

  it('refuses encrypted PDFs, including a trailer /Encrypt that pdf-lib alone does not flag', async () => {
    const dangling = await encryptedPdfDangling();
    // The fixture is only meaningful if the library would have let it through.
    expect((await PDFDocument.load(dangling, { updateMetadata: false })).isEncrypted).toBe(false);
    for (const bytes of [dangling, await encryptedPdfIncremental()]) {
      const error = expectError(await leavesNothing(() => uploadPdf(sb, key, bytes)), 422, 'PDF_ENCRYPTED');
      expect(error.message).toMatch(/encrypted/i);
    }
  });

  it('refuses 0 and 201 pages with PAGE_COUNT_OUT_OF_RANGE', async () => {
    for (const [bytes, pages] of [
      [zeroPagePdf(), 0],
      [await makePdf(201), 201],
    ] as const) {
      const error = expectError(await leavesNothing(() => uploadPdf(sb, key, bytes)), 422, 'PAGE_COUNT_OUT_OF_RANGE');
      expect(error.message).toContain(`${pages} pages`);
    }
  });
});

describe('POST /documents: size limit (25 MiB)', () => {
  const oversized = () => padPdf(pdfOnce, MAX_FILE + 1);

  it('refuses by Content-Length before reading the body', async () => {
    const { body, contentType } = uploadBody(padPdf(pdfOnce, 30 * MiB));
    const res = await leavesNothing(() =>
      streamUpload(sb.url, '/api/v1/documents', uploadHeaders(key, contentType, { 'content-length': String(body.length) }), body),
    );
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe(expectedCode('FILE_TOO_LARGE'));
    // Refused from the header: far less than the 25 MiB a streaming check would need to see
    // went out (what did is socket buffering).
    expect(res.sentBytes).toBeLessThan(16 * MiB);
  });

  it('refuses a fetch upload one byte over the limit (Content-Length within the multipart allowance)', async () => {
    const { body, contentType } = uploadBody(oversized());
    expectError(await leavesNothing(() => postMultipart(sb, key, body, contentType)), 413, 'FILE_TOO_LARGE');
  });

  it('refuses a chunked upload without Content-Length once the file passes 25 MiB, and stops reading', async () => {
    const { body, contentType } = uploadBody(padPdf(pdfOnce, 48 * MiB));
    const res = await leavesNothing(() => streamUpload(sb.url, '/api/v1/documents', uploadHeaders(key, contentType), body));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe(expectedCode('FILE_TOO_LARGE'));
    expect(res.sentBytes).toBeLessThan(40 * MiB);
  });
});

describe('POST /documents: upload capacity', () => {
  it('answers 503 UPLOAD_BUSY with Retry-After while every upload slot is taken, and frees the slot afterwards', async () => {
    const small = await startTestSandbox({ uploadCapacity: 1 });
    try {
      const k = await small.newKey();
      const pdf = await makePdf(2);
      const { body, contentType } = uploadBody(pdf);
      const held = openUpload(
        small.url,
        '/api/v1/documents',
        uploadHeaders(k, contentType, { 'content-length': String(body.length) }),
      );
      await held.write(body.subarray(0, 200));
      for (let i = 0; i < 200 && small.sandbox.services.uploads.active === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(small.sandbox.services.uploads.active).toBe(1);

      const retryKey = newIdemKey();
      const busy = await uploadPdf(small, k, await makePdf(1), { idempotencyKey: retryKey });
      const error = expectError(busy, 503, 'UPLOAD_BUSY');
      expect(error.message.length).toBeGreaterThan(10);
      expect(busy.headers.get('retry-after')).toBe('2');

      held.end(body.subarray(200));
      const first = await held.reply;
      expect(first.status).toBe(200);
      expect(first.body.sha256).toBe(sha256(pdf));
      expect(small.sandbox.services.uploads.active).toBe(0);
      // A 503 is not an outcome: the same key goes through once capacity is back.
      expect((await uploadPdf(small, k, await makePdf(1), { idempotencyKey: retryKey })).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('follows the capacity set through the control plane', async () => {
    expect((await sb.control('/config', { upload_capacity: 0 })).status).toBe(200);
    try {
      const busy = await leavesNothing(() => uploadPdf(sb, key, pdfOnce));
      expectError(busy, 503, 'UPLOAD_BUSY');
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await sb.control('/config', { upload_capacity: 8 });
    }
    expect((await uploadPdf(sb, key, pdfOnce)).status).toBe(200);
  });
});

describe('POST /documents: Idempotency-Key', () => {
  it('replays the first answer for the same key and file, creating one document', async () => {
    const k = await sb.newKey();
    const pdf = await makePdf(2);
    const idem = newIdemKey();
    const first = await uploadPdf(sb, k, pdf, { idempotencyKey: idem, purpose: 'SIGNATURE_TARGET' });
    const again = await uploadPdf(sb, k, pdf, { idempotencyKey: idem, purpose: 'SIGNATURE_TARGET' });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect((await sb.call('GET', '/api/v1/documents', { key: k })).body.pagination.total).toBe(1);
  });

  it('answers 409 when the key is reused for another file or another purpose', async () => {
    const k = await sb.newKey();
    const pdf = await makePdf(1);
    const idem = newIdemKey();
    expect((await uploadPdf(sb, k, pdf, { idempotencyKey: idem })).status).toBe(200);
    expectError(await uploadPdf(sb, k, await makePdf(1), { idempotencyKey: idem }), 409, 'IDEMPOTENCY_KEY_REUSED');
    expectError(
      await uploadPdf(sb, k, pdf, { idempotencyKey: idem, purpose: 'SIGNATURE_TARGET' }),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect((await sb.call('GET', '/api/v1/documents', { key: k })).body.pagination.total).toBe(1);
  });

  it('answers 409 IDEMPOTENCY_IN_PROGRESS while the first upload with the key is still streaming', async () => {
    const k = await sb.newKey();
    const idem = newIdemKey();
    const { body, contentType } = uploadBody(pdfOnce);
    const held = openUpload(sb.url, '/api/v1/documents', {
      ...uploadHeaders(k, contentType),
      'idempotency-key': idem,
      'content-length': String(body.length),
    });
    await held.write(body.subarray(0, 100));
    for (let i = 0; i < 200 && sb.sandbox.services.uploads.active === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expectError(await uploadPdf(sb, k, pdfOnce, { idempotencyKey: idem }), 409, 'IDEMPOTENCY_IN_PROGRESS');
    held.end(body.subarray(100));
    expect((await held.reply).status).toBe(200);
  });

  it('needs a well-formed key: missing or malformed is 422 and stores nothing', async () => {
    expectError(await leavesNothing(() => uploadPdf(sb, key, pdfOnce, { idempotencyKey: null })), 422, 'IDEMPOTENCY_KEY_MISSING');
    expectError(
      await leavesNothing(() => uploadPdf(sb, key, pdfOnce, { idempotencyKey: 'short' })),
      422,
      'IDEMPOTENCY_KEY_INVALID',
    );
  });
});

describe('document scoping and access', () => {
  it('hides one app’s documents from another: list, read, delete and editor session all answer as not found', async () => {
    const owner = await sb.newKey();
    const other = await sb.newKey();
    const doc = (await uploadPdf(sb, owner, pdfOnce)).body as DocumentRecord;
    const list = await sb.call('GET', '/api/v1/documents?size=100', { key: other });
    expect(list.body.data.map((d: DocumentRecord) => d.id)).not.toContain(doc.id);
    expectError(await sb.call('GET', `/api/v1/documents/${doc.id}`, { key: other }), 404, 'NOT_FOUND');
    expectError(
      await sb.call('DELETE', `/api/v1/documents/${doc.id}`, {
        key: other,
        body: { reason: 'not mine' },
        idempotencyKey: newIdemKey(),
      }),
      404,
      'NOT_FOUND',
    );
    expectError(await sb.call('POST', `/api/v1/documents/${doc.id}/session`, { key: other }), 404, 'NOT_FOUND');
    expect((await sb.call('GET', `/api/v1/documents/${doc.id}`, { key: owner })).status).toBe(200);
  });

  it('requires the documents:* scopes', async () => {
    const readOnly = await sb.newKey({ scopes: ['documents:read'] });
    expectError(await uploadPdf(sb, readOnly, pdfOnce), 403, 'INSUFFICIENT_SCOPE');
    const writer = await sb.newKey({ scopes: ['documents:write'] });
    const doc = (await uploadPdf(sb, writer, pdfOnce)).body as DocumentRecord;
    expectError(await sb.call('GET', '/api/v1/documents', { key: writer }), 403, 'INSUFFICIENT_SCOPE');
    expectError(
      await sb.call('DELETE', `/api/v1/documents/${doc.id}`, {
        key: writer,
        body: { reason: 'cleanup' },
        idempotencyKey: newIdemKey(),
      }),
      403,
      'INSUFFICIENT_SCOPE',
    );
  });

  it('paginates and searches the list; unknown query parameters are 422', async () => {
    const k = await sb.newKey();
    for (let i = 0; i < 3; i++) await uploadPdf(sb, k, await makePdf(1), { filename: `batch-${i}.pdf` });
    await uploadPdf(sb, k, pdfOnce, { filename: 'unrelated.pdf' });
    const found = await sb.call('GET', '/api/v1/documents?q=batch-', { key: k });
    expect(found.body.data.map((d: DocumentRecord) => d.name).sort()).toEqual(['batch-0.pdf', 'batch-1.pdf', 'batch-2.pdf']);
    const page2 = await sb.call('GET', '/api/v1/documents?page=2&size=25', { key: k });
    expect(page2.body).toEqual({ data: [], pagination: { page: 2, size: 25, total: 4, pages: 1 } });
    expectError(await sb.call('GET', '/api/v1/documents?size=10', { key: k }), 422, 'VALIDATION_FAILED');
    expectError(await sb.call('GET', '/api/v1/documents?owner=me', { key: k }), 422, 'VALIDATION_FAILED');
  });
});

describe('DELETE /documents/{id}', () => {
  const del = (k: string, id: string, body: unknown, idem: string | null = newIdemKey()) =>
    sb.call('DELETE', `/api/v1/documents/${id}`, { key: k, body, idempotencyKey: idem ?? undefined });

  it('needs a reason of 5-500 characters and an Idempotency-Key', async () => {
    const doc = (await uploadPdf(sb, key, pdfOnce)).body as DocumentRecord;
    for (const body of [{ reason: 'four' }, { reason: 'x'.repeat(501) }, {}, { reason: 'valid reason', force: true }]) {
      expectError(await del(key, doc.id, body), 422, 'VALIDATION_FAILED');
    }
    expectError(await del(key, doc.id, { reason: 'valid reason' }, null), 422, 'IDEMPOTENCY_KEY_MISSING');
    expect((await sb.call('GET', `/api/v1/documents/${doc.id}`, { key })).status).toBe(200);
    expect((await del(key, doc.id, { reason: 'x'.repeat(500) })).status).toBe(200);
  });

  it('deletes the record and the file, replays for the same key and is 404 afterwards', async () => {
    const doc = (await uploadPdf(sb, key, pdfOnce)).body as DocumentRecord;
    const before = storedState(sb);
    const idem = newIdemKey();
    const res = await del(key, doc.id, { reason: 'uploaded by mistake' }, idem);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: doc.id, deleted: true });
    expect(storedState(sb)).toMatchObject({ documents: before.documents - 1, documentFiles: before.documentFiles - 1 });
    const replay = await del(key, doc.id, { reason: 'uploaded by mistake' }, idem);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual({ id: doc.id, deleted: true });
    expectError(await sb.call('GET', `/api/v1/documents/${doc.id}`, { key }), 404, 'NOT_FOUND');
    expectError(await del(key, doc.id, { reason: 'uploaded by mistake' }), 404, 'NOT_FOUND');
  });

  it('refuses a protected document with 409 DOCUMENT_PROTECTED, explaining it is evidence', async () => {
    const doc = (await uploadPdf(sb, key, pdfOnce)).body as DocumentRecord;
    const { records } = sb.sandbox.services;
    records.update(
      'document',
      protectDocument(
        doc,
        { kind: 'approval_request', id: 'ar_test', field_key: 'contract' },
        'submitted approval request ar_test',
      ),
    );
    const error = expectError(await del(key, doc.id, { reason: 'tidy up please' }), 409, 'DOCUMENT_PROTECTED');
    expect(error.message).toMatch(/evidence/);
    expect(error.message).toContain('submitted approval request ar_test');
    expect((await sb.call('GET', `/api/v1/documents/${doc.id}`, { key })).body.protected).toBe(true);
  });

  it('refuses a document still referenced by an unsubmitted item with 409 DOCUMENT_IN_USE', async () => {
    const doc = (await uploadPdf(sb, key, pdfOnce)).body as DocumentRecord;
    sb.sandbox.services.records.update('document', { ...doc, references: [{ kind: 'signature_package', id: 'pkg_draft' }] });
    const error = expectError(await del(key, doc.id, { reason: 'tidy up please' }), 409, 'DOCUMENT_IN_USE');
    expect(error.message).toContain('pkg_draft');
  });

  it('is not blocked by an open hosted-editor session', async () => {
    const doc = (await uploadPdf(sb, key, pdfOnce)).body as DocumentRecord;
    const session = await sb.call('POST', `/api/v1/documents/${doc.id}/session`, { key, body: { purpose: 'place fields' } });
    expect(session.status).toBe(200);
    expect((await del(key, doc.id, { reason: 'no longer needed' })).status).toBe(200);
    expectError(await sb.call('GET', `/api/v1/hosted-editor/${session.body.session_id}/commands`), 404, 'NOT_FOUND');
  });
});
