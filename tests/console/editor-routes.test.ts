import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestConsole, type TestConsole } from './harness';
import { auditOf, detailPaths, expectConsoleError, idem, layoutField, sha256, uploadedDocument, upstreamCode } from './console-fixtures';

let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole();
});
afterAll(async () => c?.close());

const field = (over: Record<string, unknown> = {}) => layoutField({ id: 'f1', ...over });

const open = (docId: string, body: unknown = { purpose: 'Place signature fields' }) =>
  c.call('POST', `/api/documents/${docId}/editor`, { cookie: c.cookies.operator, body });
const read = (docId: string) => c.call('GET', `/api/documents/${docId}/editor`, { cookie: c.cookies.operator });
const command = (docId: string, body: unknown, key = idem('cmd')) =>
  c.call('POST', `/api/documents/${docId}/editor/commands`, { cookie: c.cookies.operator, body, idempotencyKey: key });

/** An editor session's id (a secret credential) in either dialect's shape. */
const SESSION_ID = /hes_|EDSESS-/;

describe('hosted editor through the console', () => {
  it('opens a session kept on the server and answers its state, never its id', async () => {
    const { doc } = await uploadedDocument(c, 2, 'SIGNATURE_TARGET');
    const reply = await open(doc.id);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      document_id: doc.id,
      version: 0,
      purpose: 'Place signature fields',
      layout: { fields: [] },
    });
    expect(Date.parse(reply.body.expires_at)).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(reply.body.session_id).toBeUndefined();
    expect(reply.bytes.toString()).not.toMatch(SESSION_ID);
    expect((await read(doc.id)).body).toMatchObject({ document_id: doc.id, version: 0 });
    const [entry] = await auditOf(c, 'editor.open');
    expect(entry).toMatchObject({ target_id: doc.id, outcome: 'success', user_email: 'operator@test.local' });
    expect(JSON.stringify(entry)).not.toMatch(SESSION_ID);
  });

  it('opens without a body, and refuses a short purpose and an unknown document', async () => {
    const { doc } = await uploadedDocument(c, 1);
    const bare = await c.call('POST', `/api/documents/${doc.id}/editor`, { cookie: c.cookies.operator });
    expect(bare.status).toBe(200);
    expect(bare.body.purpose ?? null).toBeNull();
    expect(detailPaths(await open(doc.id, { purpose: 'x' }))).toEqual(['purpose']);
    expectConsoleError(await open('doc_unknown'), 404, 'NOT_FOUND');
  });

  it('serves the PDF being laid out', async () => {
    const { pdf, doc } = await uploadedDocument(c, 3);
    await open(doc.id);
    const reply = await c.call('GET', `/api/documents/${doc.id}/editor/document`, { cookie: c.cookies.operator });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
    expect(sha256(reply.bytes)).toBe(sha256(pdf));
  });

  it('saves a layout, passes VERSION_CONFLICT and layout errors through, and completes', async () => {
    const { doc } = await uploadedDocument(c, 2, 'SIGNATURE_TARGET');
    await open(doc.id);
    const key = idem('save');
    const saved = await command(doc.id, { type: 'SAVE_LAYOUT', expectedVersion: 0, layout: { fields: [field()] } }, key);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ version: 1, status: 'draft', layout: { fields: [{ id: 'f1', type: 'signature' }] } });
    expect((await read(doc.id)).body).toMatchObject({ version: 1, layout: { fields: [{ id: 'f1' }] } });

    const stale = await command(doc.id, { type: 'SAVE_LAYOUT', expectedVersion: 0, layout: { fields: [field({ x: 100 })] } });
    const conflict = expectConsoleError(stale, 409, 'VERSION_CONFLICT');
    expect(conflict.message).toMatch(/version 1, not 0/);
    expect(detailPaths(stale)).toEqual(['expectedVersion']);

    const offPage = await command(doc.id, { type: 'SAVE_LAYOUT', expectedVersion: 1, layout: { fields: [field({ page: 9 })] } });
    expect(offPage.status).toBe(400);
    expect(offPage.body.error.code).toBe(upstreamCode(400, 'INVALID_LAYOUT'));

    const done = await command(doc.id, { type: 'COMPLETE', expectedVersion: 1 });
    expect(done.body).toMatchObject({ version: 2, status: 'completed' });
    expectConsoleError(
      await command(doc.id, { type: 'SAVE_LAYOUT', expectedVersion: 2, layout: { fields: [] } }),
      409,
      'LAYOUT_COMPLETED',
    );
    expect((await c.call('GET', `/api/documents/${doc.id}`, { cookie: c.cookies.viewer })).body).toMatchObject({
      layout_status: 'completed',
      layout_version: 2,
    });

    const entries = (await auditOf(c, 'editor.command')).filter((e) => e.target_id === doc.id);
    expect(entries.map((e) => `${e.status} ${e.error_code ?? ''}`.trim())).toEqual([
      `409 ${upstreamCode(409, 'LAYOUT_COMPLETED')}`,
      '200',
      `400 ${upstreamCode(400, 'INVALID_LAYOUT')}`,
      `409 ${upstreamCode(409, 'VERSION_CONFLICT')}`,
      '200',
    ]);
    const first = entries.at(-1)!;
    expect(first).toMatchObject({ idempotency_key: key, outcome: 'success' });
    expect(JSON.parse(first.details!)).toEqual({ type: 'SAVE_LAYOUT', expected_version: 0 });
    expect(first.upstream_request_id).toMatch(/^req_/);
  });

  it('answers 409 EDITOR_SESSION_EXPIRED when the document has no session', async () => {
    const { doc } = await uploadedDocument(c, 1);
    expectConsoleError(await read(doc.id), 409, 'EDITOR_SESSION_EXPIRED');
    expectConsoleError(
      await command(doc.id, { type: 'SAVE_LAYOUT', expectedVersion: 0, layout: { fields: [] } }),
      409,
      'EDITOR_SESSION_EXPIRED',
    );
    const pdf = await c.call('GET', `/api/documents/${doc.id}/editor/document`, { cookie: c.cookies.operator });
    expectConsoleError(pdf, 409, 'EDITOR_SESSION_EXPIRED');
  });

  it('answers 409 EDITOR_SESSION_EXPIRED after the hour, keeps the viewer working, and reopens', async () => {
    const { pdf, doc } = await uploadedDocument(c, 1, 'SIGNATURE_TARGET');
    await open(doc.id);
    expect((await command(doc.id, { type: 'SAVE_LAYOUT', expectedVersion: 0, layout: { fields: [field()] } })).status).toBe(200);
    expect((await c.sandbox.control('/clock', { advance_seconds: 3600 })).status).toBe(200);

    const expired = expectConsoleError(
      await command(doc.id, { type: 'SAVE_LAYOUT', expectedVersion: 1, layout: { fields: [] } }),
      409,
      'EDITOR_SESSION_EXPIRED',
    );
    expect(expired.message).not.toMatch(SESSION_ID);
    expect(expired.message).not.toMatch(/hosted-editor/);
    expectConsoleError(await read(doc.id), 409, 'EDITOR_SESSION_EXPIRED');

    const viewed = await c.call('POST', `/api/documents/${doc.id}/content`, { cookie: c.cookies.viewer });
    expect(viewed.status).toBe(200);
    expect(sha256(viewed.bytes)).toBe(sha256(pdf));

    const reopened = await open(doc.id);
    expect(reopened.body).toMatchObject({ version: 1, layout: { fields: [{ id: 'f1' }] } });
    expect((await command(doc.id, { type: 'COMPLETE', expectedVersion: 1 })).body).toMatchObject({
      version: 2,
      status: 'completed',
    });
  });

  it('forgets the session when the document is deleted', async () => {
    const { doc } = await uploadedDocument(c, 1);
    await open(doc.id);
    const deleted = await c.call('DELETE', `/api/documents/${doc.id}`, {
      cookie: c.cookies.operator,
      body: { reason: 'Replaced by v2' },
      idempotencyKey: idem('del'),
    });
    expect(deleted.status).toBe(200);
    expectConsoleError(await read(doc.id), 409, 'EDITOR_SESSION_EXPIRED');
  });
});
