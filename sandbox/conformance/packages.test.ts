import { beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { SUITE_DIALECT, expectError, newIdemKey } from './harness.ts';
import {
  NDA_SIGNERS,
  advanceClock,
  checkXrefChain,
  expectPdf,
  getPackage,
  hexOf,
  makePreview,
  ndaBody,
  packageAction,
  pageOperators,
  previewDocument,
  sendPreview,
  sentPackage,
  sha256,
} from './package-fixtures.ts';
import type { SignTemplateRecord } from '../domain/catalog.ts';
import { sandboxForFile } from './sandbox-for-file.ts';

const sb = sandboxForFile();
let key: string;
beforeAll(async () => {
  key = await sb.newKey();
});

const PREVIEW = '/api/v1/signature-packages/preview';
const signer = (i: number, over: Record<string, unknown>) => NDA_SIGNERS.map((s, j) => (j === i ? { ...s, ...over } : s));
const manySigners = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    slot_id: `slot_${i}`,
    name: `Signer ${i}`,
    email: `s${i}@example.com`,
    phone: `+1415555${String(i).padStart(4, '0')}`,
  }));

describe('preview validation', () => {
  const { expires_in_days: _omit, ...withoutExpiry } = ndaBody();
  const cases: [string, unknown, string][] = [
    ['expires_in_days missing', withoutExpiry, 'expires_in_days'],
    ['expires_in_days 0', ndaBody({ expires_in_days: 0 }), 'expires_in_days'],
    ['expires_in_days 366', ndaBody({ expires_in_days: 366 }), 'expires_in_days'],
    ['expires_in_days not whole', ndaBody({ expires_in_days: 1.5 }), 'expires_in_days'],
    ['expires_in_days as a string', ndaBody({ expires_in_days: '14' }), 'expires_in_days'],
    ['no signers', ndaBody({ signers: [] }), 'signers'],
    ['21 signers', ndaBody({ signers: manySigners(21) }), 'signers'],
    ['a designed slot without a signer', ndaBody({ signers: [NDA_SIGNERS[0]] }), 'signers'],
    ['an unknown slot', ndaBody({ signers: signer(1, { slot_id: 'witness' }) }), 'signers.1.slot_id'],
    ['a duplicated slot', ndaBody({ signers: [...NDA_SIGNERS, { ...NDA_SIGNERS[0], name: 'Twin' }] }), 'signers.2.slot_id'],
    ['a bad e-mail', ndaBody({ signers: signer(0, { email: 'ada(at)example.com' }) }), 'signers.0.email'],
    ['a missing e-mail for an external recipient', ndaBody({ signers: signer(0, { email: undefined }) }), 'signers.0.email'],
    ['a national phone number', ndaBody({ signers: signer(0, { phone: '4155550101' }) }), 'signers.0.phone'],
    ['a formatted phone number', ndaBody({ signers: signer(0, { phone: '+1 (415) 555-0101' }) }), 'signers.0.phone'],
    ['a phone with a leading zero country code', ndaBody({ signers: signer(0, { phone: '+04155550101' }) }), 'signers.0.phone'],
    ['a missing phone for an external recipient', ndaBody({ signers: signer(1, { phone: undefined }) }), 'signers.1.phone'],
    ['an unlisted recipient kind', ndaBody({ signers: signer(0, { recipient_kind: 'internal' }) }), 'signers.0.recipient_kind'],
    ['an empty signer name', ndaBody({ signers: signer(0, { name: '  ' }) }), 'signers.0.name'],
    ['a signer name over 200 characters', ndaBody({ signers: signer(0, { name: 'x'.repeat(201) }) }), 'signers.0.name'],
    ['an unknown signer property', ndaBody({ signers: signer(0, { role: 'boss' }) }), 'signers.0'],
    [
      'an unknown sender field',
      ndaBody({ sender_values: { ...ndaBody().sender_values, colour: 'blue' } }),
      'sender_values.colour',
    ],
    [
      'a missing required sender field',
      ndaBody({ sender_values: { effective_date: '2026-11-01' } }),
      'sender_values.counterparty_name',
    ],
    [
      'an empty required sender field',
      ndaBody({ sender_values: { counterparty_name: ' ', effective_date: '2026-11-01' } }),
      'sender_values.counterparty_name',
    ],
    [
      'a date that does not exist',
      ndaBody({ sender_values: { counterparty_name: 'G', effective_date: '2026-02-30' } }),
      'sender_values.effective_date',
    ],
    [
      'a date in another format',
      ndaBody({ sender_values: { counterparty_name: 'G', effective_date: '01/11/2026' } }),
      'sender_values.effective_date',
    ],
    [
      'a text value over 500 characters',
      ndaBody({ sender_values: { counterparty_name: 'x'.repeat(501), effective_date: '2026-11-01' } }),
      'sender_values.counterparty_name',
    ],
    [
      'a sender value that is an object',
      ndaBody({ sender_values: { counterparty_name: { a: 1 }, effective_date: '2026-11-01' } }),
      'sender_values.counterparty_name',
    ],
    ['an unknown top-level property', ndaBody({ message: 'hi' }), ''],
    ['a missing template_id', ndaBody({ template_id: undefined }), 'template_id'],
  ];
  it.each(cases)('refuses %s with 422 naming the field', async (_name, body, path) => {
    const error = expectError(await sb.call('POST', PREVIEW, { key, body }), 422, 'VALIDATION_FAILED');
    expect(error.details?.map((d) => d.path)).toContain(path);
  });

  it('names the slot that has no signer', async () => {
    const error = expectError(await sb.call('POST', PREVIEW, { key, body: ndaBody({ signers: [NDA_SIGNERS[1]] }) }), 422);
    expect(error.details).toContainEqual(expect.objectContaining({ path: 'signers', slot_id: 'company_signer' }));
  });

  it('reports every mismatch at once', async () => {
    const body = ndaBody({
      sender_values: { colour: 'blue' },
      signers: [{ ...NDA_SIGNERS[0], slot_id: 'witness', phone: undefined }],
    });
    const paths = expectError(await sb.call('POST', PREVIEW, { key, body }), 422).details!.map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'sender_values.colour',
        'sender_values.counterparty_name',
        'signers.0.slot_id',
        'signers.0.phone',
        'signers',
      ]),
    );
  });

  it('checks number fields as numbers', async () => {
    const offer = (salary: unknown) => ({
      template_id: 'dst_offer',
      expires_in_days: 7,
      sender_values: { candidate_name: 'Lin', position: 'Engineer', start_date: '2027-01-04', annual_salary: salary },
      signers: [{ slot_id: 'candidate', name: 'Lin', email: 'lin@example.com', phone: '+4915112345678' }],
    });
    const error = expectError(await sb.call('POST', PREVIEW, { key, body: offer('lots') }), 422);
    expect(error.details?.map((d) => d.path)).toContain('sender_values.annual_salary');
    expect((await makePreview(sb, key, offer('85000.50'))).sender_values).toMatchObject({ annual_salary: 85000.5 });
    expect((await makePreview(sb, key, offer(90000))).sender_values).toMatchObject({ annual_salary: 90000 });
  });

  it('answers an unknown template 404, a template not allowed for the API 403, an archived one 409', async () => {
    expectError(await sb.call('POST', PREVIEW, { key, body: ndaBody({ template_id: 'dst_nope' }) }), 404, 'TEMPLATE_NOT_FOUND');
    const board = {
      template_id: 'dst_board',
      expires_in_days: 3,
      sender_values: { resolution_title: 'Budget' },
      signers: [{ slot_id: 'chair', name: 'C', email: 'c@example.com', phone: '+14155550199' }],
    };
    expectError(await sb.call('POST', PREVIEW, { key, body: board }), 403, 'TEMPLATE_NOT_ALLOWED');
    const { records } = sb.sandbox.services;
    const nda = records.get<SignTemplateRecord>('sign_template', 'dst_nda')!;
    records.insert<SignTemplateRecord>('sign_template', { ...nda, id: 'dst_test_archived', status: 'archived' });
    expectError(
      await sb.call('POST', PREVIEW, { key, body: ndaBody({ template_id: 'dst_test_archived' }) }),
      409,
      'TEMPLATE_ARCHIVED',
    );
  });

  it('never answers 500 to malformed input', async () => {
    const bodies: unknown[] = [
      [],
      'text',
      null,
      42,
      { ...ndaBody(), signers: 'everyone' },
      { ...ndaBody(), sender_values: ['a'] },
      { ...ndaBody(), signers: [null] },
      { ...ndaBody(), signers: [{ slot_id: 7 }] },
      { ...ndaBody(), expires_in_days: 1e308 },
      { ...ndaBody(), template_id: 'x'.repeat(5000) },
    ];
    for (const body of bodies) {
      const res = await sb.call('POST', PREVIEW, { key, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const raw = await sb.call('POST', PREVIEW, {
      key,
      rawBody: '{"template_id":',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
  });

  it('needs packages:create', async () => {
    const reader = await sb.newKey({ scopes: ['packages:read'] });
    expectError(await sb.call('POST', PREVIEW, { key: reader, body: ndaBody() }), 403, 'INSUFFICIENT_SCOPE');
  });
});

describe('preview answer and document', () => {
  it('answers the receipt, the version, the prepared PDF and the frozen input', async () => {
    const before = Date.parse(
      (await sb.call('GET', '/__sandbox/clock', { headers: { 'x-sandbox-control': sb.controlToken }, env: false })).body.now,
    );
    const p = await makePreview(sb, key);
    expect(p.preview_token).toMatch(/^pt_[A-Za-z0-9_-]{43}$/);
    expect(p).toMatchObject({
      template_id: 'dst_nda',
      version: 'dstv_nda_2',
      pdf_url: '/api/v1/document-sign-templates/dst_nda/content?version=dstv_nda_2',
      pdf_url_is_source: true,
      expires_in_days: 14,
      sender_values: ndaBody().sender_values,
      signers: [
        { ...NDA_SIGNERS[0], label: 'Company signatory', recipient_kind: 'external' },
        { ...NDA_SIGNERS[1], label: 'Counterparty signatory', recipient_kind: 'external' },
      ],
    });
    // The alternate dialect keeps only what the spec names for a preview (the receipt, a version, prepared_pdf).
    if (SUITE_DIALECT === 'standard') {
      expect(p.version_number).toBe(2);
      const ttl = Date.parse(p.expires_at as string) - before;
      expect(ttl).toBeGreaterThanOrEqual(600_000);
      expect(ttl).toBeLessThan(605_000);
    }

    const doc = await previewDocument(sb, key, p);
    expectPdf(doc);
    expect(p.prepared_pdf).toEqual({ page_count: 3, size_bytes: doc.bytes.length, sha256: sha256(doc.bytes) });
  });

  it('serves a populated PDF: same page count as the template, different bytes, values drawn', async () => {
    const p = await makePreview(sb, key);
    const doc = await previewDocument(sb, key, p);
    expectPdf(doc);
    const source = sb.sandbox.services.files.read('template-dstv_nda_2.pdf');
    expect((await PDFDocument.load(doc.bytes)).getPageCount()).toBe((await PDFDocument.load(source)).getPageCount());
    expect(sha256(doc.bytes)).not.toBe(sha256(source));

    const first = await pageOperators(doc.bytes, 0);
    expect(first).toContain(hexOf('Globex Corporation'));
    expect(first).toContain(hexOf('2026-11-01'));
    expect(first).toContain(hexOf('PREVIEW'));
    const last = await pageOperators(doc.bytes, 2);
    for (const s of NDA_SIGNERS) {
      expect(last).toContain(hexOf(s.name));
      expect(last).toContain(hexOf(s.email));
    }
    expect(last).toContain(hexOf('Counterparty signatory'));
  });

  it('renders the same frozen input to the same bytes, so prepared_pdf.sha256 identifies what a sender reviewed', async () => {
    const one = await makePreview(sb, key);
    const two = await makePreview(sb, key);
    expect(two.preview_token).not.toBe(one.preview_token);
    expect(two.prepared_pdf).toEqual(one.prepared_pdf);
    expect((await previewDocument(sb, key, two)).bytes).toEqual((await previewDocument(sb, key, one)).bytes);
    const other = await makePreview(
      sb,
      key,
      ndaBody({ sender_values: { ...ndaBody().sender_values, counterparty_name: 'Initech' } }),
    );
    expect((other.prepared_pdf as { sha256: string }).sha256).not.toBe((one.prepared_pdf as { sha256: string }).sha256);
  });

  it('appends the overlay as an incremental update: template bytes untouched, every xref entry exact', async () => {
    const p = await makePreview(sb, key);
    const doc = (await previewDocument(sb, key, p)).bytes;
    const source = sb.sandbox.services.files.read('template-dstv_nda_2.pdf');
    expect(doc.length).toBeGreaterThan(source.length);
    expect(doc.subarray(0, source.length).equals(source)).toBe(true);
    const chain = checkXrefChain(doc);
    expect(chain.sections).toBe(2);
    // Every page dictionary was replaced in the update, so each is located at its new offset.
    expect(chain.objects).toBeGreaterThanOrEqual(3);
  });

  it('keeps the page count of a 200-page template', async () => {
    const p = await makePreview(sb, key, {
      template_id: 'dst_handbook',
      expires_in_days: 30,
      sender_values: { employee_name: 'Mo' },
      signers: [{ slot_id: 'employee', name: 'Mo', email: 'mo@example.com', phone: '+33612345678' }],
    });
    expect(p.prepared_pdf).toMatchObject({ page_count: 200 });
    const doc = (await previewDocument(sb, key, p)).bytes;
    expect((await PDFDocument.load(doc)).getPageCount()).toBe(200);
    expect(checkXrefChain(doc).objects).toBeGreaterThanOrEqual(200);
    // Every page carries the mark, not only those with values.
    expect(await pageOperators(doc, 99)).toContain(hexOf('PREVIEW'));
    expect(await pageOperators(doc, 199)).toContain(hexOf('mo@example.com'));
  });

  it('accepts names the standard fonts cannot draw, without a server error', async () => {
    const p = await makePreview(
      sb,
      key,
      ndaBody({
        signers: signer(0, { name: '李小龍 🙂' }),
        sender_values: { counterparty_name: 'Ωmega\u0007 Ltd', effective_date: '2026-11-01' },
      }),
    );
    expect((p.signers as { name: string }[])[0]!.name).toBe('李小龍 🙂');
    expectPdf(await previewDocument(sb, key, p));
  });

  it("refuses unknown, malformed and other apps' receipts with 404, a template mismatch with 422", async () => {
    const p = await makePreview(sb, key);
    const other = await sb.newKey();
    expectError(await previewDocument(sb, other, p), 404, 'PREVIEW_NOT_FOUND');
    expectError(await sendPreview(sb, other, p), 404, 'PREVIEW_NOT_FOUND');
    expectError(await previewDocument(sb, key, { ...p, preview_token: `pt_${'A'.repeat(43)}` }), 404, 'PREVIEW_NOT_FOUND');
    expectError(await previewDocument(sb, key, { ...p, preview_token: 'nonsense' }), 404, 'PREVIEW_NOT_FOUND');
    const mismatch = expectError(
      await previewDocument(sb, key, { ...p, template_id: 'dst_offer' }),
      422,
      'PREVIEW_TEMPLATE_MISMATCH',
    );
    expect(mismatch.details?.[0]?.path).toBe('template_id');
    expectError(await sendPreview(sb, key, { ...p, template_id: 'dst_offer' }), 422, 'PREVIEW_TEMPLATE_MISMATCH');
    // The refusals above consumed nothing.
    expect((await sendPreview(sb, key, p)).status).toBe(201);
  });
});

describe('preview receipt validity', () => {
  it('accepts a send at 9:59 and refuses one at 10:00 with PREVIEW_EXPIRED', async () => {
    const early = await makePreview(sb, key);
    await advanceClock(sb, 599);
    const sent = await sendPreview(sb, key, early);
    expect(sent.status).toBe(201);

    const late = await makePreview(sb, key);
    await advanceClock(sb, 600);
    expectError(await previewDocument(sb, key, late), 409, 'PREVIEW_EXPIRED');
    expectError(await sendPreview(sb, key, late), 409, 'PREVIEW_EXPIRED');
  });

  it('refuses confirmed false with CONFIRMATION_REQUIRED and leaves the receipt usable', async () => {
    const p = await makePreview(sb, key);
    expectError(await sendPreview(sb, key, p, newIdemKey(), false), 422, 'CONFIRMATION_REQUIRED');
    expectError(await sendPreview(sb, key, p, newIdemKey(), 'yes'), 422, 'VALIDATION_FAILED');
    expectError(
      await sb.call('POST', '/api/v1/signature-packages', {
        key,
        body: { template_id: p.template_id, preview_token: p.preview_token },
        idempotencyKey: newIdemKey(),
      }),
      422,
      'VALIDATION_FAILED',
    );
    expect((await sendPreview(sb, key, p)).status).toBe(201);
  });

  it('refuses a consumed receipt on a second send with a new key, and its document too', async () => {
    const p = await makePreview(sb, key);
    expect((await sendPreview(sb, key, p)).status).toBe(201);
    expectError(await sendPreview(sb, key, p), 409, 'PREVIEW_CONSUMED');
    expectError(await previewDocument(sb, key, p), 409, 'PREVIEW_CONSUMED');
  });

  it('needs an Idempotency-Key on send', async () => {
    const p = await makePreview(sb, key);
    const res = await sb.call('POST', '/api/v1/signature-packages', {
      key,
      body: { template_id: p.template_id, preview_token: p.preview_token, confirmed: true },
    });
    expectError(res, 422, 'IDEMPOTENCY_KEY_MISSING');
  });
});

describe('send', () => {
  it('answers 201 with invitation_status queued and the frozen preview', async () => {
    const p = await makePreview(sb, key);
    const res = await sendPreview(sb, key, p);
    expect(res.status).toBe(201);
    const pkg = res.body;
    expect(pkg.id).toMatch(/^pkg_[0-9a-f]{20}$/);
    expect(pkg).toMatchObject({
      status: 'queued',
      invitation_status: 'queued',
      template_id: 'dst_nda',
      version: 'dstv_nda_2',
      version_number: 2,
      sender_values: ndaBody().sender_values,
      expires_in_days: 14,
      prepared_pdf: p.prepared_pdf,
      archived: false,
    });
    expect(pkg.signers.map((s: { slot_id: string; status: string }) => [s.slot_id, s.status])).toEqual([
      ['company_signer', 'pending'],
      ['counterparty_signer', 'pending'],
    ]);
    expect(Date.parse(pkg.expires_at) - Date.parse(pkg.sent_at)).toBe(14 * 86_400_000);
    expect(pkg.events).toEqual([{ at: pkg.sent_at, type: 'sent' }]);
    expect(pkg).not.toHaveProperty('app_id');
    expect(await getPackage(sb, key, pkg.id)).toEqual(pkg);
  });

  it('sends the frozen preview even when the template changes afterwards', async () => {
    const { records } = sb.sandbox.services;
    const nda = records.get<SignTemplateRecord>('sign_template', 'dst_nda')!;
    const p = await makePreview(sb, key);
    records.update<SignTemplateRecord>('sign_template', { ...nda, current_version_id: 'dstv_nda_1', slots: [] });
    try {
      const res = await sendPreview(sb, key, p);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ version: 'dstv_nda_2', prepared_pdf: p.prepared_pdf });
      expect(res.body.signers).toHaveLength(2);
    } finally {
      records.update<SignTemplateRecord>('sign_template', nda);
    }
  });

  it('makes one package of a double click: the same key twice answers the same package', async () => {
    const app = await sb.newKey();
    const p = await makePreview(sb, app);
    const idem = newIdemKey();
    const first = await sendPreview(sb, app, p, idem);
    const second = await sendPreview(sb, app, p, idem);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const list = await sb.call('GET', '/api/v1/signature-packages', { key: app });
    expect(list.body.pagination.total).toBe(1);
  });

  it('makes one package of 20 parallel sends with one key', async () => {
    const app = await sb.newKey();
    const p = await makePreview(sb, app);
    const idem = newIdemKey();
    const replies = await Promise.all(Array.from({ length: 20 }, () => sendPreview(sb, app, p, idem)));
    const created = replies.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
    // Anything else may only be "still running", never a second attempt at the receipt.
    for (const r of replies.filter((x) => x.status !== 201)) expectError(r, 409, 'IDEMPOTENCY_IN_PROGRESS');
    const again = await sendPreview(sb, app, p, idem);
    expect(again.body.id).toBe(created[0]!.body.id);
    expect((await sb.call('GET', '/api/v1/signature-packages', { key: app })).body.pagination.total).toBe(1);
  });

  it('refuses the same key reused for another preview', async () => {
    const idem = newIdemKey();
    expect((await sendPreview(sb, key, await makePreview(sb, key), idem)).status).toBe(201);
    expectError(await sendPreview(sb, key, await makePreview(sb, key), idem), 409, 'IDEMPOTENCY_KEY_REUSED');
  });
});

describe('simulation', () => {
  it('delivers a queued package 60 s of sandbox time after sending', async () => {
    const pkg = await sentPackage(sb, key);
    await advanceClock(sb, 59);
    expect((await getPackage(sb, key, pkg.id)).status).toBe('queued');
    await advanceClock(sb, 1);
    const delivered = await getPackage(sb, key, pkg.id);
    expect(delivered).toMatchObject({ status: 'delivered', invitation_status: 'delivered' });
    expect(Date.parse(delivered.delivered_at as string) - Date.parse(delivered.sent_at as string)).toBe(60_000);
    expect((delivered.events as { type: string }[]).map((e) => e.type)).toEqual(['sent', 'delivered']);
    expect((delivered.signers as { status: string }[]).every((s) => s.status === 'invited')).toBe(true);
  });

  it('expires a package not completed by expires_in_days', async () => {
    const pkg = await sentPackage(sb, key, ndaBody({ expires_in_days: 1 }));
    await advanceClock(sb, 86_399);
    expect((await getPackage(sb, key, pkg.id)).status).toBe('delivered');
    await advanceClock(sb, 1);
    const expired = await getPackage(sb, key, pkg.id);
    expect(expired.status).toBe('expired');
    expect(expired.expired_at).toBe(expired.expires_at);
    expect((expired.events as { type: string }[]).map((e) => e.type)).toEqual(['sent', 'delivered', 'expired']);
  });

  it('does not expire a completed package', async () => {
    const pkg = await sentPackage(sb, key, ndaBody({ expires_in_days: 1 }));
    await packageAction(sb, pkg.id, { action: 'deliver' });
    expect((await packageAction(sb, pkg.id, { action: 'complete' })).body.status).toBe('completed');
    await advanceClock(sb, 2 * 86_400);
    expect((await getPackage(sb, key, pkg.id)).status).toBe('completed');
  });
});

describe('read, list and archive', () => {
  it("hides another app's packages", async () => {
    const pkg = await sentPackage(sb, key);
    const other = await sb.newKey();
    expectError(await sb.call('GET', `/api/v1/signature-packages/${pkg.id}`, { key: other }), 404, 'NOT_FOUND');
    expectError(
      await sb.call('POST', `/api/v1/signature-packages/${pkg.id}/archive`, {
        key: other,
        body: { reason: 'cleanup' },
        idempotencyKey: newIdemKey(),
      }),
      404,
    );
    expect((await sb.call('GET', '/api/v1/signature-packages', { key: other })).body.data).toEqual([]);
    expectError(await sb.call('GET', '/api/v1/signature-packages/pkg_00000000000000000000', { key }), 404);
  });

  it('archives only terminal packages and filters archived ones', async () => {
    const app = await sb.newKey();
    const pkg = await sentPackage(sb, app);
    const archive = (reason: unknown = 'Signed and filed') =>
      sb.call('POST', `/api/v1/signature-packages/${pkg.id}/archive`, {
        key: app,
        body: { reason },
        idempotencyKey: newIdemKey(),
      });

    expectError(await archive(), 409, 'PACKAGE_NOT_CLOSED');
    expect((await packageAction(sb, pkg.id, { action: 'deliver' })).status).toBe(200);
    expectError(await archive(), 409, 'PACKAGE_NOT_CLOSED');
    expect((await packageAction(sb, pkg.id, { action: 'complete' })).body.status).toBe('completed');
    expectError(await archive('shrt'), 422, 'VALIDATION_FAILED');
    expectError(await archive('x'.repeat(501)), 422, 'VALIDATION_FAILED');

    const done = await archive();
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: pkg.id, status: 'completed', archived: true, archive_reason: 'Signed and filed' });
    expectError(await archive(), 409, 'PACKAGE_ALREADY_ARCHIVED');

    const active = await sentPackage(sb, app);
    const list = async (query: string) => (await sb.call('GET', `/api/v1/signature-packages${query}`, { key: app })).body;
    expect((await list('')).data.map((p: { id: string }) => p.id)).toEqual([active.id]);
    expect((await list('?archived=only')).data.map((p: { id: string }) => p.id)).toEqual([pkg.id]);
    expect((await list('?archived=only')).pagination).toEqual({ page: 1, size: 25, total: 1, pages: 1 });
  });

  it('filters by status and q, and validates the query', async () => {
    const app = await sb.newKey();
    const a = await sentPackage(sb, app);
    const b = await sentPackage(
      sb,
      app,
      ndaBody({ signers: [NDA_SIGNERS[0], { ...NDA_SIGNERS[1], name: 'Katherine Johnson' }] }),
    );
    await packageAction(sb, b.id, { action: 'deliver' });
    const ids = async (query: string) =>
      (await sb.call('GET', `/api/v1/signature-packages${query}`, { key: app })).body.data.map((p: { id: string }) => p.id);
    expect(await ids('?status=delivered')).toEqual([b.id]);
    expect(await ids('?status=queued')).toEqual([a.id]);
    expect(await ids('?q=Katherine')).toEqual([b.id]);
    expect(await ids('')).toEqual([b.id, a.id]);
    expect(await ids('?size=25&page=2')).toEqual([]);
    for (const bad of [
      '?status=sent',
      '?archived=yes',
      '?archived=',
      '?size=10',
      '?page=0',
      '?colour=red',
      `?q=${'x'.repeat(101)}`,
    ]) {
      expectError(await sb.call('GET', `/api/v1/signature-packages${bad}`, { key: app }), 422, 'VALIDATION_FAILED');
    }
  });
});

describe('control plane actions', () => {
  it('moves a package through deliver, partial and full completion', async () => {
    const pkg = await sentPackage(sb, key);
    expectError(await packageAction(sb, pkg.id, { action: 'complete' }), 409, 'INVALID_TRANSITION');
    expect((await packageAction(sb, pkg.id, { action: 'deliver' })).body.status).toBe('delivered');
    expectError(await packageAction(sb, pkg.id, { action: 'deliver' }), 409, 'INVALID_TRANSITION');
    const half = await packageAction(sb, pkg.id, { action: 'complete', signer_slot_id: 'company_signer' });
    expect(half.body.status).toBe('delivered');
    expect(half.body.signers.map((s: { status: string }) => s.status)).toEqual(['signed', 'invited']);
    expectError(
      await packageAction(sb, pkg.id, { action: 'complete', signer_slot_id: 'company_signer' }),
      409,
      'INVALID_TRANSITION',
    );
    const full = await packageAction(sb, pkg.id, { action: 'complete', signer_slot_id: 'counterparty_signer' });
    expect(full.body).toMatchObject({ status: 'completed' });
    expect(full.body.completed_at).toEqual(expect.any(String));
    expect(full.body.signers.every((s: { signed_at: string | null }) => s.signed_at !== null)).toBe(true);
    for (const action of ['deliver', 'complete', 'decline', 'expire']) {
      expectError(await packageAction(sb, pkg.id, { action }), 409, 'INVALID_TRANSITION');
    }
  });

  it('holds a queued package back from delivery until it is delivered by hand, and says nothing of the hold to the app', async () => {
    const pkg = await sentPackage(sb, key);
    const held = await packageAction(sb, pkg.id, { action: 'hold_delivery' });
    expect(held.body).toMatchObject({ status: 'queued', invitation_status: 'queued' });
    expect(held.body).not.toHaveProperty('delivery_held');
    expect((await sb.control('/clock', { advance_seconds: 2 * 3600 })).status).toBe(200);
    expect((await getPackage(sb, key, pkg.id)).status).toBe('queued');
    expect((await packageAction(sb, pkg.id, { action: 'deliver' })).body.status).toBe('delivered');
    expectError(await packageAction(sb, pkg.id, { action: 'hold_delivery' }), 409, 'INVALID_TRANSITION');
  });

  it('declines a delivered package with a reason and expires a queued one', async () => {
    const a = await sentPackage(sb, key);
    expectError(await packageAction(sb, a.id, { action: 'decline' }), 409, 'INVALID_TRANSITION');
    await packageAction(sb, a.id, { action: 'deliver' });
    const declined = await packageAction(sb, a.id, {
      action: 'decline',
      signer_slot_id: 'counterparty_signer',
      reason: 'Wrong entity',
    });
    expect(declined.body).toMatchObject({ status: 'declined', decline_reason: 'Wrong entity' });
    expect(declined.body.signers[1]).toMatchObject({ slot_id: 'counterparty_signer', status: 'declined' });

    const b = await sentPackage(sb, key);
    expect((await packageAction(sb, b.id, { action: 'expire' })).body.status).toBe('expired');
  });

  it('refuses unknown packages, actions and slots, and needs the control token', async () => {
    const pkg = await sentPackage(sb, key);
    expectError(await packageAction(sb, 'pkg_missing', { action: 'deliver' }), 404, 'NOT_FOUND');
    expectError(await packageAction(sb, pkg.id, { action: 'sign' }), 422, 'VALIDATION_FAILED');
    await packageAction(sb, pkg.id, { action: 'deliver' });
    expectError(await packageAction(sb, pkg.id, { action: 'complete', signer_slot_id: 'witness' }), 422, 'VALIDATION_FAILED');
    const res = await sb.call('POST', `/__sandbox/signature-packages/${pkg.id}/actions`, { key, body: { action: 'complete' } });
    expectError(res, 401, 'CONTROL_TOKEN_INVALID');
    expect((await getPackage(sb, key, pkg.id)).status).toBe('delivered');
  });
});
