import { randomBytes } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestConsole, type TestConsole } from './harness';
import {
  apiId,
  arrivals,
  auditOf,
  detailPaths,
  DIALECT,
  expectConsoleError,
  idem,
  ndaBody,
  previewViaConsole,
  sendViaConsole,
  sentPackageViaConsole,
  setFaults,
  sha256,
} from './console-fixtures';

let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole();
});
afterAll(async () => c?.close());
afterEach(async () => setFaults(c, []));

const sandboxPackages = () => c.sandbox.sandbox.services.records.all('package').length;
const get = (path: string, cookie = c.cookies.viewer) => c.call('GET', path, { cookie });
const archive = (id: string, reason = 'Finished, filing it away') =>
  c.call('POST', `/api/packages/${id}/archive`, { cookie: c.cookies.admin, body: { reason }, idempotencyKey: idem('archive') });

describe('preview', () => {
  it('answers a receipt and the populated PDF for review', async () => {
    const preview = await previewViaConsole(c);
    expect(preview).toMatchObject({ pdf_url_is_source: true });
    // What our standard sandbox adds beyond the spec passes through; the alternate drops it.
    if (DIALECT === 'standard') expect(preview).toMatchObject({ expires_in_days: 14 });
    expect(preview.preview_token.length).toBeGreaterThanOrEqual(8);
    const pdf = await c.call('POST', '/api/packages/preview/document', {
      cookie: c.cookies.sender,
      body: { template_id: preview.template_id, preview_token: preview.preview_token },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('cache-control')).toBe('private, no-store');
    // The console passes the answer's own words for the prepared PDF on, whatever they are.
    const described =
      DIALECT === 'alternate'
        ? { bytes: pdf.bytes.length, checksum: `sha256:${sha256(pdf.bytes)}` }
        : { size_bytes: pdf.bytes.length, sha256: sha256(pdf.bytes) };
    expect(preview.prepared_pdf).toMatchObject(described);
    const [entry] = await auditOf(c, 'package.preview');
    expect(entry).toMatchObject({
      target_type: 'sign_template',
      target_id: 'dst_nda',
      outcome: 'success',
      user_email: 'sender@test.local',
    });
  });

  it('passes the API refusals of a preview through', async () => {
    const unknown = await c.call('POST', '/api/packages/preview', {
      cookie: c.cookies.sender,
      body: ndaBody({ template_id: 'dst_nope' }),
    });
    expectConsoleError(unknown, 404, 'TEMPLATE_NOT_FOUND');
    const receipt = await c.call('POST', '/api/packages/preview/document', {
      cookie: c.cookies.sender,
      body: { template_id: 'dst_nda', preview_token: 'pt_not_a_real_receipt' },
    });
    expectConsoleError(receipt, 404, 'PREVIEW_NOT_FOUND');
    const badSigner = await c.call('POST', '/api/packages/preview', {
      cookie: c.cookies.sender,
      body: ndaBody({ signers: [{ slot_id: 'company_signer', name: 'Ada', email: 'ada@example.com', phone: '0151 123' }] }),
    });
    expect(detailPaths(badSigner)).toEqual(['signers.0.phone']);
  });

  it('does not retry a preview (a POST without an Idempotency-Key) after a 503', async () => {
    await setFaults(c, [{ method: 'POST', path: '/api/v1/signature-packages/preview', status: 503, retry_after: 0, times: 1 }]);
    const before = arrivals(c);
    const reply = await c.call('POST', '/api/packages/preview', { cookie: c.cookies.sender, body: ndaBody() });
    expectConsoleError(reply, 503, 'INJECTED_FAULT');
    expect(reply.body.error.message).not.toMatch(/Injected/);
    expect(arrivals(c)).toBe(before + 1);
    expect((await c.call('POST', '/api/packages/preview', { cookie: c.cookies.sender, body: ndaBody() })).status).toBe(200);
  });
});

describe('send', () => {
  it('queues one package for two sends with the same Idempotency-Key, and audits both', async () => {
    const preview = await previewViaConsole(c);
    const key = idem('send');
    const before = sandboxPackages();
    const first = await sendViaConsole(c, preview, key);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'queued',
      invitation_status: 'queued',
      template_id: apiId('dst_nda'),
      archived: false,
    });
    const second = await sendViaConsole(c, preview, key);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(sandboxPackages()).toBe(before + 1);
    const listed = await get(`/api/packages?size=100`);
    expect(listed.body.data.filter((p: { id: string }) => p.id === first.body.id)).toHaveLength(1);

    const entries = (await auditOf(c, 'package.send')).filter((e) => e.idempotency_key === key);
    expect(entries).toHaveLength(2);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        user_email: 'sender@test.local',
        roles: 'sender',
        target_type: 'signature_package',
        target_id: first.body.id,
        outcome: 'success',
        status: 200,
      });
      // The receipt's digest, never the receipt: a failed send's receipt may still be good.
      expect(JSON.parse(entry.details!)).toEqual({
        template_id: 'dst_nda',
        receipt_sha256: sha256(Buffer.from(preview.preview_token)),
      });
      expect(entry.details).not.toContain(preview.preview_token);
      expect(entry.upstream_request_id).toMatch(/^req_/);
    }
    expect(entries[0]!.upstream_request_id).not.toBe(entries[1]!.upstream_request_id);
  });

  it('refuses an unconfirmed send, and a receipt that was already sent', async () => {
    const preview = await previewViaConsole(c);
    const unconfirmed = await c.call('POST', '/api/packages', {
      cookie: c.cookies.sender,
      body: { template_id: 'dst_nda', preview_token: preview.preview_token, confirmed: false },
      idempotencyKey: idem('send'),
    });
    expect(detailPaths(unconfirmed)).toEqual(['confirmed']);
    expect((await sendViaConsole(c, preview, idem('send'))).status).toBe(200);
    const spent = await sendViaConsole(c, preview, idem('send'));
    expect(expectConsoleError(spent, 409, 'PREVIEW_UNUSABLE').message).toMatch(/sent already/);
    expect(spent.headers.get('intent-state')).toBe('failed');
    // The browser tells a sent receipt from an expired one by the API's time, which a refusal shows too.
    expect(Date.parse(spent.headers.get('signing-api-date') ?? '')).not.toBeNaN();
    const document = await c.call('POST', '/api/packages/preview/document', {
      cookie: c.cookies.sender,
      body: { template_id: preview.template_id, preview_token: preview.preview_token },
    });
    expectConsoleError(document, 409, 'PREVIEW_UNUSABLE');
    expectConsoleError(
      await c.call('POST', '/api/packages', {
        cookie: c.cookies.sender,
        body: { template_id: 'dst_nda', preview_token: preview.preview_token, confirmed: true },
      }),
      422,
      'IDEMPOTENCY_KEY_MISSING',
    );
  });
});

// The spec's 409 covers a spent receipt and a key still running alike, with no code of its own:
// the console reads the receipt again to tell them apart, in either dialect.
describe('send conflicts, explained by the receipt', () => {
  const sendFault = (over: Record<string, unknown> = {}) => ({
    method: 'POST',
    path: '/api/v1/signature-packages',
    status: 409,
    code: 'SOMETHING_ELSE',
    times: 1,
    ...over,
  });

  it('takes a conflict over a receipt that is still good as this Send still running, and settles it on the same key', async () => {
    const preview = await previewViaConsole(c);
    const key = idem('send');
    const before = sandboxPackages();
    await setFaults(c, [sendFault()]);
    const running = await sendViaConsole(c, preview, key);
    expect(expectConsoleError(running, 409, 'IDEMPOTENCY_IN_PROGRESS').message).toMatch(/still processing/);
    expect(running.headers.get('intent-state')).toBe('unknown');
    expect(sandboxPackages()).toBe(before);
    const settled = await sendViaConsole(c, preview, key);
    expect(settled.status).toBe(200);
    expect(sandboxPackages()).toBe(before + 1);
    expect((await auditOf(c, 'package.send')).filter((e) => e.idempotency_key === key).map((e) => e.outcome)).toEqual(
      expect.arrayContaining(['unknown', 'success']),
    );
  });

  it('finds its own earlier Send behind a conflict over a spent receipt, and answers that package', async () => {
    const preview = await previewViaConsole(c);
    const key = idem('send');
    const first = await sendViaConsole(c, preview, key);
    expect(first.status).toBe(200);
    await setFaults(c, [sendFault()]);
    const again = await sendViaConsole(c, preview, key);
    expect(again.status, again.bytes.toString('utf8').slice(0, 300)).toBe(200);
    expect(again.body.id).toBe(first.body.id);
  });

  it('refuses an unknown receipt as not found, and leaves the outcome unknown when the receipt cannot be read', async () => {
    const unknown = await sendViaConsole(c, { template_id: 'dst_nda', preview_token: 'pt_not_a_real_receipt' }, idem('send'));
    expectConsoleError(unknown, 404, 'PREVIEW_NOT_FOUND');
    expect(unknown.headers.get('intent-state')).toBe('failed');

    const preview = await previewViaConsole(c);
    await setFaults(c, [
      sendFault(),
      { method: 'POST', path: '/api/v1/signature-packages/preview/document', status: 503, retry_after: 0, times: 1 },
    ]);
    const unclear = await sendViaConsole(c, preview, idem('send'));
    expect(unclear.status).toBe(503);
    expect(unclear.headers.get('intent-state')).toBe('unknown');
  });
});

describe('list, read and archive', () => {
  it('lists with page, size, q, status and archived, and refuses bad query values', async () => {
    const pkg = await sentPackageViaConsole(c);
    const queued = await get('/api/packages?status=queued&page=1&size=25');
    expect(queued.body.pagination).toMatchObject({ page: 1, size: 25 });
    expect(queued.body.data.map((p: { id: string }) => p.id)).toContain(pkg.id);
    expect(queued.body.data.every((p: { status: string }) => p.status === 'queued')).toBe(true);
    expect((await get('/api/packages?status=completed')).body.data.map((p: { id: string }) => p.id)).not.toContain(pkg.id);
    expect((await get('/api/packages?archived=only')).body.data.map((p: { id: string }) => p.id)).not.toContain(pkg.id);
    const before = arrivals(c);
    for (const [query, field] of [
      ['archived=yes', 'archived'],
      ['size=0', 'size'],
      ['page=x', 'page'],
      ['status=' + 's'.repeat(41), 'status'],
      ['sort=asc', ''],
    ]) {
      const reply = await get(`/api/packages?${query}`);
      expectConsoleError(reply, 422, 'VALIDATION_FAILED');
      expect(detailPaths(reply)).toEqual([field]);
    }
    expect(arrivals(c)).toBe(before);
    const upstream = await get('/api/packages?status=lost');
    expectConsoleError(upstream, 422, 'VALIDATION_FAILED');
    expect(detailPaths(upstream)).toEqual(['status']);
  });

  it('answers one package and 404 for an unknown one', async () => {
    const pkg = await sentPackageViaConsole(c);
    expect((await get(`/api/packages/${pkg.id}`)).body).toMatchObject({ id: pkg.id, status: 'queued' });
    expectConsoleError(await get('/api/packages/pkg_unknown'), 404, 'NOT_FOUND');
  });

  it('passes PACKAGE_NOT_CLOSED through with its message, and archives a finished package', async () => {
    const pkg = await sentPackageViaConsole(c);
    const refused = expectConsoleError(await archive(pkg.id), 409, 'PACKAGE_NOT_CLOSED');
    expect(refused.message).toBe(`Package ${pkg.id} is queued; only completed, declined or expired packages can be archived.`);
    const [failed] = await auditOf(c, 'package.archive');
    expect(failed).toMatchObject({
      target_id: pkg.id,
      outcome: 'failure',
      status: 409,
      error_code: 'PACKAGE_NOT_CLOSED',
      reason: 'Finished, filing it away',
    });

    for (const action of ['deliver', 'complete'])
      expect((await c.sandbox.control(`/signature-packages/${pkg.id}/actions`, { action })).status).toBe(200);
    const done = await archive(pkg.id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: pkg.id, status: 'completed', archived: true });
    expect((await get('/api/packages?archived=only')).body.data.map((p: { id: string }) => p.id)).toContain(pkg.id);
    expectConsoleError(await archive(pkg.id), 409, 'PACKAGE_ALREADY_ARCHIVED');
  });
});

describe('the console’s record of what it sent', () => {
  const unique = () => `${randomBytes(4).toString('hex')}`;
  const signersFor = (tag: string) => [
    { slot_id: 'company_signer', name: 'Grace Hopper', email: `grace.${tag}@example.com`, phone: '+4915112345678' },
    { slot_id: 'counterparty_signer', name: 'Alan Turing', email: `alan.${tag}@example.org`, phone: '+442071234567' },
  ];
  const sendWith = async (body: Record<string, unknown>) => {
    const preview = await previewViaConsole(c, c.cookies.sender, ndaBody(body) as { template_id: string });
    const sent = await sendViaConsole(c, preview, idem('send'));
    expect(sent.status).toBe(200);
    return sent.body as { id: string };
  };
  const listed = async (query: string) => {
    const reply = await get(`/api/packages?${query}`);
    expect(reply.status).toBe(200);
    return reply.body as {
      data: {
        id: string;
        found_in_record: boolean;
        console_record: { reference: string | null; recipients: { email: string }[]; sent_by: string } | null;
      }[];
      record_search?: { matched: number; added: number };
    };
  };

  it('keeps the sender’s reference in the console: the API never receives it, the list and the package show it', async () => {
    const tag = unique();
    const reference = `PO ${tag} / ACME renewal`;
    const pkg = await sendWith({ signers: signersFor(tag), reference });
    // The sandbox's preview takes no unknown field: had the reference reached it, the preview would have failed.
    const row = (await listed('page=1&size=100')).data.find((p) => p.id === pkg.id);
    expect(row?.console_record).toMatchObject({ reference, sent_by: 'Test sender' });
    expect(row?.console_record?.recipients.map((r) => r.email)).toEqual([`grace.${tag}@example.com`, `alan.${tag}@example.org`]);
    expect((await get(`/api/packages/${pkg.id}`)).body.console_record).toMatchObject({
      reference,
      sent_by: 'Test sender',
      expires_in_days: 14,
    });
  });

  it('finds a package by a recipient’s e-mail, a value or the reference, which the API’s search does not look at', async () => {
    const tag = unique();
    const pkg = await sendWith({
      signers: signersFor(tag),
      reference: `Ref-${tag}`,
      sender_values: { counterparty_name: `Initech ${tag}`, effective_date: '2026-11-01', governing_law: 'England and Wales' },
    });
    for (const q of [`alan.${tag}@example.org`, `ALAN.${tag}`, `initech ${tag}`, `ref-${tag}`]) {
      const page = await listed(`q=${encodeURIComponent(q)}`);
      expect(
        page.data.map((p) => p.id),
        q,
      ).toContain(pkg.id);
      expect(page.record_search?.matched, q).toBe(1);
    }
    // A search the record cannot match adds nothing, and LIKE's wildcards are taken literally.
    for (const q of [`nobody-${tag}`, '%', '_'.repeat(40)])
      expect(
        (await listed(`q=${encodeURIComponent(q)}`)).data.some((p) => p.found_in_record),
        q,
      ).toBe(false);
    // Filters still hold for what the record finds.
    expect((await listed(`q=alan.${tag}&status=completed`)).data.map((p) => p.id)).not.toContain(pkg.id);
    expect((await listed(`q=alan.${tag}&archived=only`)).data.map((p) => p.id)).not.toContain(pkg.id);
  });

  it('keeps a sending record of what the sender saw and who confirmed it, never sent to the API, also as a JSON file', async () => {
    const tag = unique();
    const preview = await previewViaConsole(
      c,
      c.cookies.sender,
      ndaBody({ signers: signersFor(tag), reference: `Rec-${tag}` }) as { template_id: string },
    );
    // A browser whose clock runs an hour behind: its times are moved onto the server's clock.
    const browserNow = Date.now() - 3_600_000;
    const at = (ms: number) => new Date(browserNow + ms).toISOString();
    const review = {
      pages: [
        { page: 1, seen_at: at(-900) },
        { page: 2, seen_at: at(-700) },
      ],
      sections: ['document', 'values', 'recipients', 'expiry'].map((id, i) => ({ id, seen_at: at(-500 + i * 100) })),
      confirmed_at: at(0),
    };
    const key = idem('send');
    const body = { template_id: preview.template_id, preview_token: preview.preview_token, confirmed: true, review };
    // The sandbox's send takes no unknown field: had the review reached the API, the send would have failed.
    const sentFrom = Date.now();
    const sent = await c.call('POST', '/api/packages', { cookie: c.cookies.sender, body, idempotencyKey: key });
    const sentBy = Date.now();
    expect(sent.status, sent.bytes.toString('utf8').slice(0, 300)).toBe(200);
    const id = (sent.body as { id: string }).id;

    const record = await get(`/api/packages/${encodeURIComponent(id)}/sending-record`);
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({
      package_id: id,
      template: { id: 'dst_nda' },
      reference: `Rec-${tag}`,
      previewed: { by: { name: 'Test sender', email: 'sender@test.local' } },
      populated_pdf: { sha256: preview.prepared_pdf.sha256 ?? null, page_count: preview.prepared_pdf.page_count ?? null },
      confirmed: { by: { name: 'Test sender', email: 'sender@test.local' } },
      expires_in_days: 14,
      idempotency_key: key,
      api_answer: { status: (sent.body as { status: string }).status },
    });
    // The template's name and version as the preview froze them, and each value under its field's label.
    const answer = preview as unknown as { version?: string; version_number?: number };
    expect(record.body.template).toEqual({
      id: 'dst_nda',
      name: 'Mutual non-disclosure agreement',
      // The number is the answer's, or (a dialect that gives only the version's id) the one the
      // template's versions list beside that id.
      version: { id: answer.version ?? null, number: answer.version_number ?? (answer.version ? expect.any(Number) : null) },
    });
    expect(record.body.fields).toContainEqual({
      key: 'counterparty_name',
      label: 'Counterparty name',
      value: expect.any(String),
    });
    expect(record.body.review_from_earlier_preview).toBe(false);
    expect(record.body.recipients.map((r: { email: string }) => r.email)).toEqual([
      `grace.${tag}@example.com`,
      `alan.${tag}@example.org`,
    ]);
    expect(record.body.receipt_sha256).toBe(sha256(Buffer.from(preview.preview_token)));
    // Confirmed on the server's clock; what was seen keeps its order and spacing before it.
    const confirmedAt = Date.parse(record.body.confirmed.at);
    expect(confirmedAt).toBeGreaterThanOrEqual(sentFrom - 1000);
    expect(confirmedAt).toBeLessThanOrEqual(sentBy + 1000);
    expect(record.body.review.confirmed_at).toBe(record.body.confirmed.at);
    const offset = confirmedAt - Date.parse(review.confirmed_at);
    expect(record.body.review.pages).toEqual(
      review.pages.map((p) => ({ page: p.page, seen_at: new Date(Date.parse(p.seen_at) + offset).toISOString() })),
    );
    expect(record.body.review.sections.map((s: { id: string }) => s.id)).toEqual(['document', 'values', 'recipients', 'expiry']);
    expect(record.bytes.toString('utf8')).not.toContain(preview.preview_token);

    const file = await get(`/api/packages/${encodeURIComponent(id)}/sending-record?download=1`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="sending-record-${id}.json"`);
    expect(file.body).toEqual(record.body);

    // A send that did not say what was seen still has its record, with no review in it.
    const bare = await sentPackageViaConsole(c);
    expect((await get(`/api/packages/${bare.id}/sending-record`)).body).toMatchObject({
      review: null,
      idempotency_key: expect.any(String),
    });
    // A review out of bounds is refused before anything is sent.
    const other = await previewViaConsole(c);
    const refused = await c.call('POST', '/api/packages', {
      cookie: c.cookies.sender,
      body: {
        template_id: other.template_id,
        preview_token: other.preview_token,
        confirmed: true,
        review: { ...review, pages: [{ page: 0, seen_at: 'yesterday' }] },
      },
      idempotencyKey: idem('send'),
    });
    expect(refused.status).toBe(422);
    // Nothing was sent: the receipt is still good for the send the sender meant.
    expect((await sendViaConsole(c, other, idem('send'))).status).toBe(200);
  });

  it("refuses review evidence that cannot be true, and keeps the server's page count, not the browser's", async () => {
    const sections = (at: string) => ['document', 'values', 'recipients', 'expiry'].map((id) => ({ id, seen_at: at }));
    const arrivedBefore = arrivals(c);
    const now = () => new Date().toISOString();
    for (const forged of [
      // a page seen in 1999, long before the preview was made
      { pages: [{ page: 1, seen_at: '1999-01-01T00:00:00.000Z' }], sections: sections(now()), confirmed_at: now() },
      // a page seen in 2099, after the confirmation
      { pages: [{ page: 1, seen_at: '2099-01-01T00:00:00.000Z' }], sections: sections(now()), confirmed_at: now() },
    ]) {
      const preview = await previewViaConsole(c);
      const refused = await c.call('POST', '/api/packages', {
        cookie: c.cookies.sender,
        body: { template_id: preview.template_id, preview_token: preview.preview_token, confirmed: true, review: forged },
        idempotencyKey: idem('forged'),
      });
      expectConsoleError(refused, 422, 'REVIEW_EVIDENCE_INVALID');
    }
    // Nothing reached the API but the previews themselves.
    expect(arrivals(c) - arrivedBefore).toBe(2);

    // "1 page" for a two-page document: the record says what the PDF holds. The PDF passes
    // through the console, which counts its pages where the API's answer did not say.
    const preview = await previewViaConsole(c);
    const pdf = await c.call('POST', '/api/packages/preview/document', {
      cookie: c.cookies.sender,
      body: { template_id: preview.template_id, preview_token: preview.preview_token },
    });
    expect(pdf.status).toBe(200);
    const pages = (await PDFDocument.load(pdf.bytes)).getPageCount();
    // "confirmed 1999": the server's clock stamps the confirmation, never the browser's word.
    const review = {
      pages: [{ page: 1, seen_at: '1999-01-01T00:00:00.000Z' }],
      sections: sections('1999-01-01T00:00:00.500Z'),
      page_count: 1,
      confirmed_at: '1999-01-01T00:00:01.000Z',
    };
    const sentFrom = Date.now();
    const sent = await c.call('POST', '/api/packages', {
      cookie: c.cookies.sender,
      body: { template_id: preview.template_id, preview_token: preview.preview_token, confirmed: true, review },
      idempotencyKey: idem('counted'),
    });
    expect(sent.status, sent.bytes.toString('utf8').slice(0, 300)).toBe(200);
    const record = await get(`/api/packages/${encodeURIComponent(sent.body.id)}/sending-record`);
    expect(pages).toBeGreaterThan(1);
    expect(record.body.populated_pdf.page_count).toBe(pages);
    expect(record.body.review.page_count).toBe(pages);
    expect(Date.parse(record.body.confirmed.at)).toBeGreaterThanOrEqual(sentFrom - 1000);
    expect(Date.parse(record.body.review.pages[0].seen_at)).toBe(Date.parse(record.body.confirmed.at) - 1000);
  });

  it('has no sending record for a package it did not send, and none for a role that cannot read packages', async () => {
    const none = await get('/api/packages/pkg_never_sent_here/sending-record');
    expect(none.status).toBe(404);
    expect(none.body.error.message).toMatch(/keeps no sending record of that package/);
    expect((await get('/api/packages/x/sending-record?download=yes')).status).toBe(422);
    expect((await get('/api/packages/pkg_never_sent_here/sending-record', c.cookies.operator)).status).toBe(403);
  });

  it('shows no record for a package the console did not send', async () => {
    const { sandbox } = c;
    const key = await sandbox.newKey({ appId: c.appId });
    const preview = await sandbox.call('POST', '/api/v1/signature-packages/preview', { key, body: ndaBody() });
    const sent = await sandbox.call('POST', '/api/v1/signature-packages', {
      key,
      body: { template_id: 'dst_nda', preview_token: (preview.body as { preview_token: string }).preview_token, confirmed: true },
      headers: { 'idempotency-key': idem('direct') },
    });
    expect(sent.status, 'sent straight to the API').toBeGreaterThanOrEqual(200);
    expect(sent.status).toBeLessThan(300);
    const id = (sent.body as { id: string }).id;
    const read = await get(`/api/packages/${encodeURIComponent(id)}`);
    expect(read.status).toBe(200);
    expect(read.body.console_record).toBeNull();
  });

  it('refuses a reference over 120 characters before calling the API', async () => {
    const before = arrivals(c);
    const reply = await c.call('POST', '/api/packages/preview', {
      cookie: c.cookies.sender,
      body: ndaBody({ reference: 'x'.repeat(121) }),
    });
    expectConsoleError(reply, 422, 'VALIDATION_FAILED');
    expect(detailPaths(reply)).toEqual(['reference']);
    expect(arrivals(c)).toBe(before);
  });
});

describe('day ranges and the CSV export', () => {
  const tag = randomBytes(4).toString('hex');
  const signers = (who: string) => [
    { slot_id: 'company_signer', name: `Grace ${who}`, email: `grace.${who}@example.com`, phone: '+4915112345678' },
    { slot_id: 'counterparty_signer', name: 'Alan Turing', email: `alan.${who}@example.org`, phone: '+442071234567' },
  ];
  const sendTagged = async (who: string, extra: Record<string, unknown> = {}) => {
    const preview = await previewViaConsole(
      c,
      c.cookies.sender,
      ndaBody({ signers: signers(who), ...extra }) as { template_id: string },
    );
    const sent = await sendViaConsole(c, preview, idem('send'));
    expect(sent.status).toBe(200);
    return (await get(`/api/packages/${(sent.body as { id: string }).id}`)).body as {
      id: string;
      sent_at?: string;
      created_at?: string;
    };
  };
  const dayOf = (p: { sent_at?: string; created_at?: string }) => (p.sent_at ?? p.created_at)!.slice(0, 10);
  const ids = (reply: { body: { data: { id: string }[] } }) => reply.body.data.map((p) => p.id);

  it('keeps the packages sent within the days asked, whatever page of the API they were on', async () => {
    const early = await sendTagged(`${tag}-early`);
    // Three days later on the API's clock.
    expect((await c.sandbox.control('/clock', { advance_seconds: 3 * 86_400 })).status).toBe(200);
    const late = await sendTagged(`${tag}-late`);
    const [earlyDay, lateDay] = [dayOf(early), dayOf(late)];
    expect(earlyDay < lateDay).toBe(true);

    const onLateDay = await get(`/api/packages?q=${tag}&sent_from=${lateDay}&sent_to=${lateDay}`);
    expect(onLateDay.status).toBe(200);
    expect(ids(onLateDay)).toContain(late.id);
    expect(ids(onLateDay)).not.toContain(early.id);
    expect(onLateDay.body.scan).toMatchObject({ complete: true });
    const upToEarly = await get(`/api/packages?q=${tag}&sent_to=${earlyDay}`);
    expect(ids(upToEarly)).toContain(early.id);
    expect(ids(upToEarly)).not.toContain(late.id);
    // Updated: both changed on their own sending day at the latest.
    expect(ids(await get(`/api/packages?q=${tag}&updated_from=${lateDay}`))).toEqual([late.id]);
    // Paged by the console: a page of one, then the next.
    const first = await get(`/api/packages?q=${tag}&sent_from=${earlyDay}&size=25&page=1`);
    expect(first.body.pagination).toMatchObject({ page: 1, size: 25, total: 2, pages: 1 });
  });

  it('refuses a range that ends before it starts, or a day that does not exist, before asking the API', async () => {
    const before = arrivals(c);
    const backwards = await get('/api/packages?sent_from=2026-11-20&sent_to=2026-11-01');
    expectConsoleError(backwards, 422, 'VALIDATION_FAILED');
    expect(detailPaths(backwards)).toEqual(['sent_to']);
    const noDay = await get('/api/packages?updated_from=2026-02-30');
    expectConsoleError(noDay, 422, 'VALIDATION_FAILED');
    expect(detailPaths(noDay)).toEqual(['updated_from']);
    expectConsoleError(await get('/api/packages/export?sent_to=yesterday'), 422, 'VALIDATION_FAILED');
    expect(arrivals(c)).toBe(before);
  });

  it('exports what the filtered list shows as CSV, formula-safe, named for its day and filters', async () => {
    const pkg = await sendTagged(`${tag}-csv`, { reference: `=HYPERLINK("http://evil.example","${tag}")` });
    const reply = await get(`/api/packages/export?q=${tag}-csv&sent_from=${dayOf(pkg)}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="signdesk-packages-\\d{4}-\\d\\d-\\d\\d_q-${tag}-csv_sent_from-${dayOf(pkg)}\\.csv"$`),
    );
    const lines = reply.bytes.toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,template_id,template_name,status,sent_at,updated_at,expires_at,recipients,reference,sent_by,archived',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(pkg.id);
    expect(lines[1]).toContain(`Grace ${tag}-csv <grace.${tag}-csv@example.com>; Alan Turing <alan.${tag}-csv@example.org>`);
    // A spreadsheet would run it: it starts with a quote, so it stays text.
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""${tag}"")"`);
    expect(lines[1]).toContain('Test sender');
  });

  it('exports only for a role that reads packages', async () => {
    expectConsoleError(await c.call('GET', '/api/packages/export', { cookie: c.cookies.operator }), 403, 'FORBIDDEN');
  });
});

describe('the API clock a receipt deadline follows', () => {
  it('answers the API’s time to a signed-in reader, the same estimate the signing-api-date header carries', async () => {
    const reply = await get('/api/clock');
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body)).toEqual(['api_now']);
    const apiNow = Date.parse(reply.body.api_now);
    const header = Date.parse(reply.headers.get('signing-api-date') ?? '');
    expect(apiNow).not.toBeNaN();
    // One estimate, the header at a second's precision.
    expect(Math.abs(apiNow - header)).toBeLessThan(2_000);
    expectConsoleError(await c.call('GET', '/api/clock', { cookie: null }), 401, 'UNAUTHENTICATED');
  });
});
