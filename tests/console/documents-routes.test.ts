import { request } from 'node:http';
import { Readable, pipeline } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@/lib/documents/schemas';
import { multipart, padPdf } from '@/sandbox/conformance/fixtures';
import { startTestConsole, type TestConsole } from './harness';
import {
  arrivals,
  auditOf,
  detailPaths,
  DIALECT,
  expectConsoleError,
  idem,
  makePdf,
  sandboxDocuments,
  setFaults,
  sha256,
  uploadViaConsole,
  uploadedDocument,
} from './console-fixtures';

let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole();
});
afterAll(async () => c?.close());
afterEach(async () => setFaults(c, []));

const MiB = 1024 * 1024;
/** The document's digest as the API names it: passed on as it came (the alternate dialect says `checksum`). */
const digestField = (pdf: Buffer) => (DIALECT === 'standard' ? { sha256: sha256(pdf) } : { checksum: `sha256:${sha256(pdf)}` });
const get = (path: string, cookie = c.cookies.viewer) => c.call('GET', path, { cookie });

/**
 * POSTs a multipart body chunked (no Content-Length), 1 MiB at a time, as a browser's
 * streamed fetch does, on a connection of its own: a server that answers before the body
 * is done may drop that connection, which must not break the next test's requests.
 */
function streamedUpload(body: Buffer, contentType: string): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON reply
  return new Promise((resolve, reject) => {
    let answered = false;
    const headers = { cookie: c.cookies.operator, origin: c.url, 'content-type': contentType, 'idempotency-key': idem('upload') };
    const req = request(new URL('/api/documents', c.url), { method: 'POST', agent: false, headers }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') }));
      res.on('error', reject);
    });
    req.on('error', (err) => !answered && reject(err));
    const chunks = function* () {
      for (let at = 0; at < body.length; at += MiB) yield body.subarray(at, at + MiB);
    };
    pipeline(Readable.from(chunks()), req, () => {});
  });
}

describe('upload, list, read and delete', () => {
  it('streams a PDF to the API once per Idempotency-Key', async () => {
    const pdf = await makePdf(3);
    const key = idem('upload');
    const before = sandboxDocuments(c);
    const first = await uploadViaConsole(c, pdf, { purpose: 'SIGNATURE_TARGET', filename: 'Offer letter.pdf', key });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ logical_purpose: 'SIGNATURE_TARGET', page_count: 3, size_bytes: pdf.length, ...digestField(pdf) });
    const again = await uploadViaConsole(c, pdf, { purpose: 'SIGNATURE_TARGET', filename: 'Offer letter.pdf', key });
    expect(again.body.id).toBe(first.body.id);
    expect(sandboxDocuments(c)).toBe(before + 1);
    const [entry] = await auditOf(c, 'document.upload');
    expect(entry).toMatchObject({ target_id: first.body.id, idempotency_key: key, outcome: 'success', user_email: 'operator@test.local' });
    expect(entry!.upstream_request_id).toMatch(/^req_/);
  });

  it('takes any conflict on an upload as its key still running: an upload has no version or use to conflict with', async () => {
    await setFaults(c, [{ method: 'POST', path: '/api/v1/documents', status: 409, code: 'ANOTHER_WORD', times: 1 }]);
    const key = idem('upload');
    const pdf = await makePdf(1);
    const running = await uploadViaConsole(c, pdf, { key });
    expectConsoleError(running, 409, 'IDEMPOTENCY_IN_PROGRESS');
    expect(running.headers.get('intent-state')).toBe('unknown');
    expect((await uploadViaConsole(c, pdf, { key })).status).toBe(200);
  });

  it('lists documents with page, size, q and purpose, and refuses bad query values', async () => {
    const name = `Quarterly-${idem('q')}.pdf`;
    const doc = (await uploadViaConsole(c, await makePdf(1), { purpose: 'SIGNATURE_TARGET', filename: name })).body as { id: string };
    await uploadedDocument(c, 1, 'ATTACHMENT');
    const all = await get('/api/documents?page=1&size=50');
    expect(all.status).toBe(200);
    expect(all.body.pagination).toMatchObject({ page: 1, size: 50 });
    expect(all.body.data.map((d: { id: string }) => d.id)).toContain(doc.id);
    const targets = await get('/api/documents?logical_purpose=SIGNATURE_TARGET');
    expect(targets.body.data.length).toBeGreaterThan(0);
    expect(targets.body.data.every((d: { logical_purpose: string }) => d.logical_purpose === 'SIGNATURE_TARGET')).toBe(true);
    const byName = await get(`/api/documents?q=${encodeURIComponent(name)}`);
    expect(byName.body.data.map((d: { id: string }) => d.id)).toEqual([doc.id]);
    const before = arrivals(c);
    for (const [query, field] of [['logical_purpose=PHOTO', 'logical_purpose'], ['size=10', 'size'], ['page=-1', 'page'], ['owner=me', '']]) {
      const reply = await get(`/api/documents?${query}`);
      expectConsoleError(reply, 422, 'VALIDATION_FAILED');
      expect(detailPaths(reply)).toEqual([field]);
    }
    expect(arrivals(c)).toBe(before);
  });

  it('answers one document and its PDF, byte for byte', async () => {
    const { pdf, doc } = await uploadedDocument(c, 2);
    expect((await get(`/api/documents/${doc.id}`)).body).toMatchObject({ id: doc.id, ...digestField(pdf), protected: false });
    const content = await c.call('POST', `/api/documents/${doc.id}/content`, { cookie: c.cookies.viewer });
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('application/pdf');
    expect(content.headers.get('cache-control')).toBe('private, no-store');
    expect(sha256(content.bytes)).toBe(sha256(pdf));
    expectConsoleError(await get('/api/documents/doc_unknown'), 404, 'NOT_FOUND');
  });

  it('deletes an unused document with a reason', async () => {
    const { doc } = await uploadedDocument(c, 1);
    const key = idem('delete');
    const reply = await c.call('DELETE', `/api/documents/${doc.id}`, { cookie: c.cookies.operator, body: { reason: 'Uploaded by mistake' }, idempotencyKey: key });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: doc.id, deleted: true });
    expectConsoleError(await get(`/api/documents/${doc.id}`), 404, 'NOT_FOUND');
    const [entry] = await auditOf(c, 'document.delete');
    expect(entry).toMatchObject({ target_id: doc.id, reason: 'Uploaded by mistake', idempotency_key: key, outcome: 'success' });
    const gone = await c.call('DELETE', `/api/documents/${doc.id}`, { cookie: c.cookies.operator, body: { reason: 'Uploaded by mistake' }, idempotencyKey: idem('delete') });
    expectConsoleError(gone, 404, 'NOT_FOUND');
  });

  it('refuses a non-multipart body and a missing Idempotency-Key before calling the API', async () => {
    const before = arrivals(c);
    const json = await c.call('POST', '/api/documents', { cookie: c.cookies.operator, body: { file: 'x' }, idempotencyKey: idem() });
    expectConsoleError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const { body, contentType } = multipart([{ name: 'file', filename: 'a.pdf', content: await makePdf(1) }]);
    const noKey = await c.call('POST', '/api/documents', { cookie: c.cookies.operator, rawBody: new Uint8Array(body), headers: { 'content-type': contentType } });
    expectConsoleError(noKey, 422, 'IDEMPOTENCY_KEY_MISSING');
    expect(arrivals(c)).toBe(before);
  });
});

describe('the 25 MiB limit', () => {
  it('carries a PDF of exactly 25 MiB byte for byte', async () => {
    const pdf = padPdf(await makePdf(2), MAX_UPLOAD_BYTES);
    expect(pdf.length).toBe(25 * MiB);
    const reply = await uploadViaConsole(c, pdf, { filename: 'big.pdf' });
    expect(reply.status, reply.bytes.toString().slice(0, 300)).toBe(200);
    expect(reply.body).toMatchObject({ size_bytes: 25 * MiB, ...digestField(pdf) });
    const content = await c.call('POST', `/api/documents/${reply.body.id}/content`, { cookie: c.cookies.viewer });
    expect(content.status).toBe(200);
    expect(content.bytes.length).toBe(pdf.length);
    expect(sha256(content.bytes)).toBe(sha256(pdf));
  });

  it('refuses a file one byte over 25 MiB', async () => {
    const before = sandboxDocuments(c);
    const reply = await uploadViaConsole(c, padPdf(await makePdf(1), MAX_UPLOAD_BYTES + 1));
    expectConsoleError(reply, 413, 'FILE_TOO_LARGE');
    expect(sandboxDocuments(c)).toBe(before);
  });

  it('refuses by Content-Length before the API sees a byte', async () => {
    const before = arrivals(c);
    const docs = sandboxDocuments(c);
    const reply = await uploadViaConsole(c, padPdf(await makePdf(1), 26 * MiB));
    expectConsoleError(reply, 413, 'FILE_TOO_LARGE');
    expect(arrivals(c)).toBe(before);
    expect(sandboxDocuments(c)).toBe(docs);
  });

  // Both fail today: the console answers 503 UPSTREAM_UNAVAILABLE ("could not be reached"),
  // because the client wraps the aborted upstream fetch and the route never sees
  // TooLargeWhileStreaming (see the report). The correct answer is 413 FILE_TOO_LARGE.
  it('refuses an oversized chunked upload while streaming', async () => {
    const docs = sandboxDocuments(c);
    const { body, contentType } = multipart([{ name: 'file', filename: 'huge.pdf', content: padPdf(await makePdf(1), 27 * MiB) }]);
    const reply = await streamedUpload(body, contentType);
    expect(`${reply.status} ${reply.body?.error?.code}`).toBe('413 FILE_TOO_LARGE');
    expect(sandboxDocuments(c)).toBe(docs);
  });

  it('refuses a chunked body over the limit that only the console can measure', async () => {
    // A multipart preamble (which parsers skip) makes the body too large while the file is
    // small: the API never receives more than the limit, so only the console's counter can tell.
    const docs = sandboxDocuments(c);
    const { body, contentType } = multipart([{ name: 'file', filename: 'small.pdf', content: await makePdf(1) }]);
    const reply = await streamedUpload(Buffer.concat([Buffer.alloc(26 * MiB, 'p'), Buffer.from('\r\n'), body]), contentType);
    expect(`${reply.status} ${reply.body?.error?.code}`).toBe('413 FILE_TOO_LARGE');
    expect(sandboxDocuments(c)).toBe(docs);
  });

  it('still carries a small upload after the refused ones', async () => {
    expect((await uploadViaConsole(c, await makePdf(1))).status).toBe(200);
  });
});
