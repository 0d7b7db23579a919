import { beforeAll, describe, expect, it } from 'vitest';
import type { LayoutField } from '../domain/editor-layout.ts';
import type { DocumentRecord } from '../domain/documents.ts';
import { expectError, newIdemKey } from './harness.ts';
import { makePdf, sha256, uploadPdf } from './fixtures.ts';
import { expectPdf, hexOf, pageOperators } from './package-fixtures.ts';
import { sandboxForFile } from './sandbox-for-file.ts';

// POST /__sandbox/documents/{id}/sign-template (DESIGN.md section 4): the platform's template
// designer makes a document-sign template from a completed layout, which the app then finds in
// its catalog and previews and sends with like any other; everything else is refused unchanged.

const sb = sandboxForFile();
let key: string;
beforeAll(async () => {
  key = await sb.newKey();
});

const publish = (documentId: string, body?: unknown) =>
  sb.control(`/documents/${encodeURIComponent(documentId)}/sign-template`, body);
const get = (path: string, k = key) => sb.call('GET', `/api/v1${path}`, { key: k });

const field = (over: Partial<LayoutField>): LayoutField => ({
  id: 'f1',
  type: 'signature',
  page: 1,
  x: 72,
  y: 100,
  width: 180,
  height: 48,
  slot_id: 'signer_1',
  required: true,
  ...over,
});

interface Arranged {
  id: string;
  pdf: Buffer;
}

/** A document uploaded, and its layout saved (`draft`) or completed, through the API as an app would. */
async function documentWith(
  opts: {
    fields?: LayoutField[];
    layout?: 'none' | 'draft' | 'completed';
    purpose?: string;
    filename?: string;
    pages?: number;
  } = {},
): Promise<Arranged> {
  const pdf = await makePdf(opts.pages ?? 2);
  const uploaded = await uploadPdf(sb, key, pdf, {
    purpose: opts.purpose ?? 'SIGNATURE_TARGET',
    filename: opts.filename ?? 'Services agreement.pdf',
  });
  expect(uploaded.status).toBe(200);
  const id = uploaded.body.id as string;
  const layout = opts.layout ?? 'completed';
  if (layout === 'none') return { id, pdf };
  const session = await sb.call('POST', `/api/v1/documents/${id}/session`, { key, body: { purpose: 'Template fields' } });
  expect(session.status).toBe(200);
  const type = layout === 'completed' ? 'COMPLETE' : 'SAVE_LAYOUT';
  const done = await sb.call('POST', `/api/v1/hosted-editor/${session.body.session_id}/commands`, {
    env: false,
    idempotencyKey: newIdemKey(),
    body: { type, expectedVersion: 0, layout: { fields: opts.fields ?? [field({})] } },
  });
  expect(done.status, done.bytes.toString()).toBe(200);
  return { id, pdf };
}

/** What a refusal must leave as it was: templates, files and the document. */
function storeState(documentId?: string) {
  const { records, files } = sb.sandbox.services;
  return {
    templates: records.all('sign_template').length,
    files: files
      .list()
      .filter((f) => !f.startsWith('.tmp'))
      .sort(),
    document: documentId ? records.get<DocumentRecord>('document', documentId) : undefined,
  };
}

const TWO_SIGNERS: LayoutField[] = [
  // signer_1 first appears with a date, then signs on page 2: the slot sits on its signature.
  field({ id: 'date_1', type: 'date', page: 1, x: 320, y: 140, width: 140, height: 24 }),
  field({ id: 'sig_1', type: 'signature', page: 2, x: 72, y: 120, width: 200, height: 60 }),
  // company_signer has no signature field: its slot sits on its first field.
  field({
    id: 'text_1',
    type: 'text',
    page: 1,
    x: 72,
    y: 300,
    width: 220,
    height: 30,
    slot_id: 'company_signer',
    required: false,
  }),
  field({ id: 'ini_1', type: 'initials', page: 2, x: 400, y: 120, width: 60, height: 36, slot_id: 'company_signer' }),
];

describe('publishing a completed layout', () => {
  it('answers 201 with a template as the API shows it: one version by id, a slot per signer, no sender fields', async () => {
    const doc = await documentWith({ fields: TWO_SIGNERS });
    const res = await publish(doc.id);
    expect(res.status, res.bytes.toString()).toBe(201);
    const t = res.body;
    expect(t).toMatchObject({
      name: 'Services agreement',
      status: 'active',
      api_enabled: true,
      page_count: 2,
      sender_fields: [],
      slots: [
        {
          slot_id: 'signer_1',
          label: 'Signer 1',
          recipient_kind: 'external',
          page: 2,
          rect: { x: 72, y: 120, width: 200, height: 60 },
        },
        {
          slot_id: 'company_signer',
          label: 'Company signer',
          recipient_kind: 'external',
          page: 1,
          rect: { x: 72, y: 300, width: 220, height: 30 },
        },
      ],
    });
    expect(t.id).toMatch(/^dst_[0-9a-f]{24}$/);
    expect(t.versions).toEqual([{ id: t.current_version_id, number: 1, page_count: 2, created_at: t.created_at }]);
    expect(t.current_version_id).toMatch(/^dstv_[0-9a-f]{24}$/);
    expect(t.description).toContain('Services agreement.pdf');
    // The API answers the same record.
    const detail = await get(`/document-sign-templates/${t.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual(t);
  });

  it('is listed by GET /document-sign-templates, serves the document’s PDF as its content, and previews with signers for its slots', async () => {
    const doc = await documentWith({ fields: TWO_SIGNERS, filename: 'Lease renewal 2027.pdf' });
    const t = (await publish(doc.id, { name: 'Lease renewal (2027)', description: 'Renewal of the office lease.' })).body;
    expect(t).toMatchObject({ name: 'Lease renewal (2027)', description: 'Renewal of the office lease.' });

    const listed = await get(`/document-sign-templates?q=${encodeURIComponent('Lease renewal')}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((x: { id: string }) => x.id)).toEqual([t.id]);
    const all = await get('/document-sign-templates?size=100');
    expect(all.body.data.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining(['dst_nda', t.id]));

    for (const path of [
      `/document-sign-templates/${t.id}/content`,
      `/document-sign-templates/${t.id}/content?version=${t.current_version_id}`,
    ]) {
      const content = await get(path);
      expectPdf(content);
      expect(sha256(content.bytes)).toBe(sha256(doc.pdf));
    }

    const signers = [
      { slot_id: 'signer_1', name: 'Ada Lovelace', email: 'ada@example.com', phone: '+14155550101' },
      { slot_id: 'company_signer', name: 'Grace Hopper', email: 'grace@example.org', phone: '+442071234567' },
    ];
    const preview = await sb.call('POST', '/api/v1/signature-packages/preview', {
      key,
      body: { template_id: t.id, expires_in_days: 7, signers },
    });
    expect(preview.status, preview.bytes.toString()).toBe(200);
    expect(preview.body.prepared_pdf.page_count).toBe(2);
    const populated = await sb.call('POST', '/api/v1/signature-packages/preview/document', {
      key,
      body: { template_id: t.id, preview_token: preview.body.preview_token },
    });
    expectPdf(populated);
    // The populated PDF is the document's bytes plus the overlay, each signer where the layout put them.
    expect(populated.bytes.subarray(0, doc.pdf.length).equals(doc.pdf)).toBe(true);
    expect(await pageOperators(populated.bytes, 1)).toContain(hexOf('Ada Lovelace'));
    expect(await pageOperators(populated.bytes, 0)).toContain(hexOf('Grace Hopper'));

    // A signer missing for a slot is refused as for any template, naming the slot.
    const short = await sb.call('POST', '/api/v1/signature-packages/preview', {
      key,
      body: { template_id: t.id, expires_in_days: 7, signers: signers.slice(0, 1) },
    });
    expect(expectError(short, 422).details?.map((d) => d.path)).toEqual(['signers']);
  });

  it('keeps its own copy of the PDF: deleting the document leaves the template whole', async () => {
    const doc = await documentWith();
    const t = (await publish(doc.id)).body;
    const deleted = await sb.call('DELETE', `/api/v1/documents/${doc.id}`, {
      key,
      idempotencyKey: newIdemKey(),
      body: { reason: 'Template made' },
    });
    expect(deleted.status).toBe(200);
    const content = await get(`/document-sign-templates/${t.id}/content`);
    expectPdf(content);
    expect(sha256(content.bytes)).toBe(sha256(doc.pdf));
  });

  it('makes a new template each time, as a designer publishing again would, and leaves the document as it was', async () => {
    const doc = await documentWith();
    const before = sb.sandbox.services.records.get<DocumentRecord>('document', doc.id);
    const first = await publish(doc.id);
    const second = await publish(doc.id, {});
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body.current_version_id).not.toBe(first.body.current_version_id);
    expect(sb.sandbox.services.records.get<DocumentRecord>('document', doc.id)).toEqual(before);
  });

  it('allows the template for the document’s app alone: another app neither lists, reads nor previews it', async () => {
    const doc = await documentWith();
    const t = (await publish(doc.id)).body;
    const other = await sb.newKey();
    expect((await get('/document-sign-templates?size=100', other)).body.data.map((x: { id: string }) => x.id)).not.toContain(
      t.id,
    );
    expectError(await get(`/document-sign-templates/${t.id}`, other), 404);
    expectError(await get(`/document-sign-templates/${t.id}/content`, other), 404);
    const signers = [{ slot_id: 'signer_1', name: 'Ada', email: 'ada@example.com', phone: '+14155550101' }];
    const preview = await sb.call('POST', '/api/v1/signature-packages/preview', {
      key: other,
      body: { template_id: t.id, expires_in_days: 7, signers },
    });
    expectError(preview, 404);
  });

  it('names the template after a short document only when given a name', async () => {
    const doc = await documentWith({ filename: 'ab.pdf' });
    const before = storeState(doc.id);
    const refused = expectError(await publish(doc.id), 422, 'VALIDATION_FAILED');
    expect(refused.details?.map((d) => d.path)).toEqual(['name']);
    expect(storeState(doc.id)).toEqual(before);
    const named = await publish(doc.id, { name: '  Short form  ' });
    expect(named.status).toBe(201);
    expect(named.body.name).toBe('Short form');
  });
});

describe('refusals, each leaving everything as it was', () => {
  it('answers 404 for an unknown document', async () => {
    const before = storeState();
    expectError(await publish('doc_unknown'), 404, 'NOT_FOUND');
    expect(storeState()).toEqual(before);
  });

  it('answers 409 NOT_A_SIGNATURE_TARGET for an attachment, even with a completed layout', async () => {
    const doc = await documentWith({ purpose: 'ATTACHMENT' });
    const before = storeState(doc.id);
    const error = expectError(await publish(doc.id), 409, 'NOT_A_SIGNATURE_TARGET');
    expect(error.message).toMatch(/ATTACHMENT/);
    expect(storeState(doc.id)).toEqual(before);
  });

  it.each(['none', 'draft'] as const)('answers 409 LAYOUT_NOT_COMPLETED for a layout that is %s', async (layout) => {
    const doc = await documentWith({ layout });
    const before = storeState(doc.id);
    const error = expectError(await publish(doc.id), 409, 'LAYOUT_NOT_COMPLETED');
    expect(error.message).toMatch(/complete it in the hosted editor/);
    expect(storeState(doc.id)).toEqual(before);
  });

  it('answers 409 LAYOUT_HAS_NO_SIGNER for a completed layout without a field for a signer', async () => {
    // The editor never completes an empty layout, so the store is given one directly, as a
    // layout completed under other rules (an older sandbox, a restored backup) would be.
    const doc = await documentWith();
    const { records } = sb.sandbox.services;
    const stored = records.get<DocumentRecord>('document', doc.id)!;
    records.update<DocumentRecord>('document', { ...stored, layout: { fields: [] } });
    const before = storeState(doc.id);
    expectError(await publish(doc.id), 409, 'LAYOUT_HAS_NO_SIGNER');
    expect(storeState(doc.id)).toEqual(before);
  });

  it('answers 409 TOO_MANY_SIGNER_SLOTS for a layout with more signers than a package takes', async () => {
    const fields = Array.from({ length: 21 }, (_, i) =>
      field({ id: `sig_${i}`, slot_id: `signer_${i + 1}`, x: 20, y: 20 + i * 30, width: 100, height: 24 }),
    );
    const doc = await documentWith({ fields, pages: 1 });
    const before = storeState(doc.id);
    const error = expectError(await publish(doc.id), 409, 'TOO_MANY_SIGNER_SLOTS');
    expect(error.message).toMatch(/21 signer slots/);
    expect(storeState(doc.id)).toEqual(before);
  });

  it('answers 422 for a body that is not the strict shape, before looking at the document', async () => {
    const doc = await documentWith();
    const before = storeState(doc.id);
    const cases: [unknown, string][] = [
      [{ name: 'ab' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 42 }, 'name'],
      [{ description: 'd'.repeat(501) }, 'description'],
      [{ name: 'Fine name', published: true }, ''],
    ];
    for (const [body, path] of cases) {
      const error = expectError(await publish(doc.id, body), 422, 'VALIDATION_FAILED');
      expect(error.details?.map((d) => d.path)).toEqual([path]);
    }
    expectError(await publish('doc_unknown', { name: 'ab' }), 422, 'VALIDATION_FAILED');
    const notObject = await sb.call('POST', `/__sandbox/documents/${doc.id}/sign-template`, {
      body: ['name'],
      headers: { 'x-sandbox-control': sb.controlToken },
      env: false,
    });
    expectError(notObject, 422, 'VALIDATION_FAILED');
    expect(storeState(doc.id)).toEqual(before);
  });

  it('is the control plane’s alone: an API key or a wrong token is refused', async () => {
    const doc = await documentWith();
    const before = storeState(doc.id);
    const path = `/__sandbox/documents/${doc.id}/sign-template`;
    expectError(await sb.call('POST', path, { key, body: {}, env: false }), 401, 'CONTROL_TOKEN_INVALID');
    expectError(
      await sb.call('POST', path, { body: {}, headers: { 'x-sandbox-control': 'ctl-wrong-token-000000' }, env: false }),
      401,
      'CONTROL_TOKEN_INVALID',
    );
    expect(storeState(doc.id)).toEqual(before);
  });
});
