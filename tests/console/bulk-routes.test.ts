import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { readCsv } from '@/lib/csv/read-csv';
import { startTestConsole, type TestConsole } from './harness';
import { apiId, arrivals, auditOf, DIALECT, expectConsoleError, idem, setFaults } from './console-fixtures';

// Bulk send through the console's routes against the sandbox: rows checked before anything is
// made, each row previewed from its own values, reviewed with every page and section seen, and
// sent once under the key its send began with, whatever is retried or lost.

let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole();
});
afterAll(async () => c?.close());
afterEach(async () => setFaults(c, []));

const NDA = apiId('dst_nda');
const sandboxPackages = () => c.sandbox.sandbox.services.records.all('package').length;

interface FormValues {
  sender_values: Record<string, string>;
  signers: { slot_id: string; name: string; email: string; phone: string }[];
  expires_in_days: string;
  reference: string;
}

const row = (n: number, over: Partial<FormValues> = {}): { line: number; values: FormValues } => ({
  line: n + 1,
  values: {
    sender_values: { counterparty_name: `Contractor ${n}`, effective_date: '2027-01-15', governing_law: 'England and Wales' },
    signers: [
      { slot_id: 'company_signer', name: 'Ada Lovelace', email: 'ada@example.com', phone: '+14155550101' },
      { slot_id: 'counterparty_signer', name: `Contractor ${n}`, email: `c${n}@example.org`, phone: '+44 20 7123 4567' },
    ],
    expires_in_days: '',
    reference: `Bulk ${n}`,
    ...over,
  },
});

const create = (rows: ReturnType<typeof row>[], key = idem('bulk'), cookie = c.cookies.sender) =>
  c.call('POST', '/api/bulk-batches', {
    cookie,
    body: { template_id: NDA, name: 'Contractors November', expires_in_days: '30', rows },
    idempotencyKey: key,
  });

async function batchOf(rows: number) {
  const reply = await create(Array.from({ length: rows }, (_, i) => row(i + 1)));
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  return reply.body as { id: string };
}

const rowPath = (id: string, position: number, what: string) => `/api/bulk-batches/${id}/rows/${position}/${what}`;
const previewRow = async (id: string, position: number) => {
  const reply = await c.call('POST', rowPath(id, position, 'preview'), { cookie: c.cookies.sender, body: {} });
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  const answer = reply.body as { preview_token: string; prepared_pdf: { page_count?: number }; review_kept: boolean };
  // As the review page does: the populated PDF passes through the console, which counts its
  // pages where the API's answer did not say (the review gate takes no count from the browser).
  const pdf = await c.call('POST', '/api/packages/preview/document', {
    cookie: c.cookies.sender,
    body: { template_id: NDA, preview_token: answer.preview_token },
  });
  expect(pdf.status).toBe(200);
  return { ...answer, pages: (await PDFDocument.load(pdf.bytes)).getPageCount() };
};
const now = () => new Date().toISOString();
const fullReview = (pages: number) => ({
  pages: Array.from({ length: pages }, (_, i) => ({ page: i + 1, seen_at: now() })),
  sections: ['document', 'values', 'recipients', 'expiry'].map((id) => ({ id, seen_at: now() })),
  page_count: pages,
  confirmed_at: now(),
});
const review = (id: string, position: number, token: string, evidence: unknown = fullReview(2)) =>
  c.call('POST', rowPath(id, position, 'review'), { cookie: c.cookies.sender, body: { preview_token: token, review: evidence } });
const batch = async (id: string, cookie = c.cookies.sender) => (await c.call('GET', `/api/bulk-batches/${id}`, { cookie })).body;

const act = (id: string, a: string) =>
  c.call('POST', `/api/bulk-batches/${id}/actions`, { cookie: c.cookies.sender, body: { action: a } });
/** Row `position` once the console's background work has sent or failed it (confirmed rows are the server's to send). */
async function settled(id: string, position: number) {
  const until = Date.now() + 30_000;
  for (;;) {
    type Row = { position: number; state: string; package_id: string; send_key: string };
    const row = ((await batch(id)).rows as Row[]).find((r) => r.position === position)!;
    if (['sent', 'failed'].includes(row.state) || Date.now() > until) return row;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Previews and reviews a row; answers its receipt. */
async function reviewed(id: string, position: number) {
  const preview = await previewRow(id, position);
  const ok = await review(id, position, preview.preview_token, fullReview(preview.pages));
  expect(ok.status, ok.bytes.toString('utf8').slice(0, 300)).toBe(200);
  return preview.preview_token;
}

describe('making a batch', () => {
  it('refuses rows that break the single send’s rules, naming row and column, and makes nothing', async () => {
    const before = (await c.call('GET', '/api/bulk-batches', { cookie: c.cookies.sender })).body.data.length;
    const bad = row(2);
    bad.values.signers[1]!.email = 'not-an-address';
    bad.values.sender_values.counterparty_name = '';
    const reply = await create([row(1), bad, row(3, { expires_in_days: '400' })]);
    expectConsoleError(reply, 422, 'VALIDATION_FAILED');
    expect(reply.body.error.details).toEqual([
      { path: 'rows.1.sender_values.counterparty_name', message: 'Row 3, counterparty_name: Enter the counterparty name' },
      { path: 'rows.1.signers.1.email', message: 'Row 3, counterparty_signer.email: Enter a valid e-mail address' },
      { path: 'rows.2.expires_in_days', message: 'Row 4, expires_in_days: At most 365 days' },
    ]);
    expect((await c.call('GET', '/api/bulk-batches', { cookie: c.cookies.sender })).body.data).toHaveLength(before);
  });

  it('makes one batch per key, every row to review, and calls the API for nothing but the template', async () => {
    const key = idem('bulk');
    const rows = [row(1), row(2), row(3)];
    const packages = sandboxPackages();
    const first = await create(rows, key);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      name: 'Contractors November',
      state: 'open',
      row_count: 3,
      counts: { to_review: 3, sent: 0 },
    });
    const again = await create(rows, key);
    expect(again.body.id).toBe(first.body.id);
    expectConsoleError(await create([row(1)], key), 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(sandboxPackages()).toBe(packages);
    const detail = await batch(first.body.id);
    expect(detail.rows.map((r: { line: number; state: string }) => [r.line, r.state])).toEqual([
      [2, 'to_review'],
      [3, 'to_review'],
      [4, 'to_review'],
    ]);
    // Phones are kept as they will be sent; a blank expiry took the batch's.
    expect(detail.rows[0]).toMatchObject({ expires_in_days: 30, reference: 'Bulk 1' });
    expect(detail.rows[0].signers[1]).toMatchObject({ phone: '+442071234567' });
  });

  it('is read by an admin and, before teams, by any reader of packages; only its maker changes it', async () => {
    const { id } = await batchOf(1);
    for (const cookie of [c.cookies.admin, c.cookies.viewer]) {
      const read = await c.call('GET', `/api/bulk-batches/${id}`, { cookie });
      expect(read.status, read.bytes.toString('utf8').slice(0, 300)).toBe(200);
      expect(read.body).toMatchObject({
        id,
        owner: { mine: false, name: expect.stringMatching(/\S/) },
        counts: { to_review: 1 },
      });
      expect((await c.call('GET', `/api/bulk-batches/${id}/export`, { cookie })).status).toBe(200);
    }
    expect((await batch(id)).owner).toMatchObject({ mine: true });
    // What only its maker does answers an admin as a batch that is not theirs.
    const admin = { cookie: c.cookies.admin };
    expectConsoleError(await c.call('POST', rowPath(id, 0, 'preview'), { ...admin, body: {} }), 404, 'NOT_FOUND');
    expectConsoleError(await c.call('POST', rowPath(id, 0, 'skip'), { ...admin, body: { skipped: true } }), 404, 'NOT_FOUND');
    expectConsoleError(
      await c.call('PUT', `/api/bulk-batches/${id}/rows/0`, { ...admin, body: { values: row(1).values } }),
      404,
      'NOT_FOUND',
    );
    expectConsoleError(
      await c.call('POST', `/api/bulk-batches/${id}/actions`, { ...admin, body: { action: 'pause' } }),
      404,
      'NOT_FOUND',
    );
    // A viewer reads packages but sends none.
    expectConsoleError(
      await c.call('POST', rowPath(id, 0, 'skip'), { cookie: c.cookies.viewer, body: { skipped: true } }),
      403,
      'FORBIDDEN',
    );
    expectConsoleError(await c.call('GET', `/api/bulk-batches/${id}`, { cookie: c.cookies.operator }), 403, 'FORBIDDEN');
    expect((await batch(id)).rows[0].state).toBe('to_review');
  });
});

describe('fixing and skipping a row', () => {
  const fix = (id: string, position: number, values: FormValues) =>
    c.call('PUT', `/api/bulk-batches/${id}/rows/${position}`, { cookie: c.cookies.sender, body: { values } });
  const skip = (id: string, position: number, skipped: boolean) =>
    c.call('POST', rowPath(id, position, 'skip'), { cookie: c.cookies.sender, body: { skipped } });

  it('refuses a fix that breaks the single send’s rules, naming the cell, and changes nothing', async () => {
    const { id } = await batchOf(1);
    const bad = row(1).values;
    bad.signers[1]!.email = 'not-an-address';
    const reply = await fix(id, 0, bad);
    const error = expectConsoleError(reply, 422, 'VALIDATION_FAILED');
    expect(error.details).toEqual([
      { path: 'values.signers.1.email', message: 'counterparty_signer.email: Enter a valid e-mail address' },
    ]);
    expect((await batch(id)).rows[0].signers[1].email).toBe('c1@example.org');
    expectConsoleError(
      await c.call('PUT', `/api/bulk-batches/${id}/rows/0`, { cookie: c.cookies.sender, body: {} }),
      422,
      'VALIDATION_FAILED',
    );
  });

  it('puts a reviewed row right: it is reviewed again from its new values, its old receipt refused, and sent as fixed', async () => {
    const { id } = await batchOf(2);
    await act(id, 'pause');
    const old = await reviewed(id, 0);
    const fixed = row(1, { reference: 'Fixed reference' }).values;
    fixed.signers[1]!.email = 'fixed@example.org';
    const reply = await fix(id, 0, fixed);
    expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
    expect(reply.body.rows[0]).toMatchObject({ state: 'to_review', reference: 'Fixed reference', reviewed_at: null });
    expect(reply.body.rows[0].signers[1].email).toBe('fixed@example.org');
    // The review stood for the old values: it sends nothing, and its receipt is no longer the row's.
    expectConsoleError(await review(id, 0, old), 409, 'RECEIPT_NOT_CURRENT');
    await act(id, 'resume');
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await batch(id)).rows[0].state).toBe('to_review');
    await reviewed(id, 0);
    const sent = await settled(id, 0);
    expect(sent.state).toBe('sent');
    const pkg = c.sandbox.sandbox.services.records.all('package').find((p) => JSON.stringify(p).includes(sent.package_id));
    expect(JSON.stringify(pkg)).toContain('fixed@example.org');
    // A sent row is the API's: it cannot be fixed or skipped.
    expectConsoleError(await fix(id, 0, fixed), 409, 'ROW_NOT_CHANGEABLE');
    expectConsoleError(await skip(id, 0, true), 409, 'ROW_NOT_CHANGEABLE');
    expectConsoleError(await skip(id, 0, false), 409, 'ROW_NOT_SKIPPED');
    expect((await auditOf(c, 'bulk.fix_row')).some((e) => e.target_id === id)).toBe(true);
  });

  it('skips a confirmed row so it is never sent, settles the batch without it, and can take it back for review', async () => {
    const { id } = await batchOf(2);
    await act(id, 'pause');
    await reviewed(id, 0);
    const packages = sandboxPackages();
    const skipped = await skip(id, 0, true);
    expect(skipped.status, skipped.bytes.toString('utf8').slice(0, 300)).toBe(200);
    expect(skipped.body.rows[0].state).toBe('skipped');
    expect(skipped.body.counts).toMatchObject({ skipped: 1, reviewed: 0, to_review: 1 });
    // Skipping again is no change.
    expect((await skip(id, 0, true)).body.rows[0].state).toBe('skipped');
    await act(id, 'resume');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(sandboxPackages()).toBe(packages);
    // The other row skipped too: nothing is left to do, and nothing was sent.
    const done = await skip(id, 1, true);
    expect(done.body.counts).toMatchObject({ skipped: 2, to_review: 0, reviewed: 0, sending: 0, sent: 0 });
    const back = await skip(id, 0, false);
    expect(back.body.rows[0]).toMatchObject({ state: 'to_review', reviewed_at: null });
    // Taking back a row that is back already is no change.
    expect((await skip(id, 0, false)).body.rows[0].state).toBe('to_review');
    expect(sandboxPackages()).toBe(packages);
    const file = readCsv(
      (await c.call('GET', `/api/bulk-batches/${id}/export`, { cookie: c.cookies.sender })).bytes.toString('utf8'),
    );
    expect(file.rows.map((r) => r.cells[3])).toEqual(['To review', 'Skipped']);
  });

  it('fixes a failed row for another try, and refuses changes to a cancelled batch', async () => {
    const { id } = await batchOf(2);
    await setFaults(c, [{ method: 'POST', path: '/api/v1/signature-packages', status: 422, times: 1 }]);
    await reviewed(id, 0);
    expect((await settled(id, 0)).state).toBe('failed');
    const reply = await fix(id, 0, row(1, { reference: 'Second try' }).values);
    expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
    expect(reply.body.rows[0]).toMatchObject({ state: 'to_review', error: null, send_key: null });
    await act(id, 'cancel');
    expectConsoleError(await skip(id, 1, true), 409, 'BATCH_CANCELLED');
    expectConsoleError(await fix(id, 1, row(2).values), 409, 'BATCH_CANCELLED');
  });
});

describe('reviewing a row', () => {
  it('needs the row’s current receipt and every page and section seen', async () => {
    const { id } = await batchOf(2);
    // Paused, so a reviewed row stays for the rest of the test rather than being sent.
    await act(id, 'pause');
    const first = await previewRow(id, 0);
    const other = await previewRow(id, 1);
    expectConsoleError(await review(id, 0, other.preview_token), 409, 'RECEIPT_NOT_CURRENT');
    const pages = first.pages;
    const partial = { ...fullReview(pages), pages: [{ page: 1, seen_at: now() }], sections: [{ id: 'values', seen_at: now() }] };
    const refused = await review(id, 0, first.preview_token, partial);
    expectConsoleError(refused, 422, 'REVIEW_INCOMPLETE');
    expect(refused.body.error.message, refused.body.error.message).toMatch(/pages? 2.*template and version, recipients, expiry/);
    expect((await review(id, 0, first.preview_token, fullReview(pages))).body).toMatchObject({ state: 'reviewed' });
    // A later preview of the same row replaces its receipt: the older one no longer reviews it.
    await previewRow(id, 0);
    expectConsoleError(await review(id, 0, first.preview_token, fullReview(pages)), 409, 'RECEIPT_NOT_CURRENT');
  });

  it('keeps a review when a new receipt carries the very same document', async () => {
    const { id } = await batchOf(1);
    await act(id, 'pause');
    await reviewed(id, 0);
    const again = await previewRow(id, 0);
    // The spec makes the digest optional: only an answer that gives it carries a review over.
    const carried = DIALECT === 'standard';
    expect(again.review_kept).toBe(carried);
    expect((await batch(id)).rows[0].state).toBe(carried ? 'reviewed' : 'to_review');
    if (!carried) return;
    await act(id, 'resume');
    const sent = { body: await settled(id, 0) };
    expect(sent.body).toMatchObject({ state: 'sent' });
    // The pages were seen on the first preview, before the one sent: the record says so.
    const record = await c.call('GET', `/api/packages/${sent.body.package_id}/sending-record`, { cookie: c.cookies.sender });
    expect(record.body.review_from_earlier_preview).toBe(true);
    expect(Date.parse(record.body.review.pages[0].seen_at)).toBeLessThan(Date.parse(record.body.previewed.at));
  });
});

describe('sending a row', () => {
  it('sends a confirmed row once, by itself, with its sending record and audit entry', async () => {
    const { id } = await batchOf(2);
    const before = sandboxPackages();
    await reviewed(id, 0);
    const sent = await settled(id, 0);
    expect(sent).toMatchObject({ state: 'sent', package_id: expect.any(String), error: null });
    expect(sandboxPackages()).toBe(before + 1);
    // An unreviewed row is never sent.
    expect((await batch(id)).rows[1].state).toBe('to_review');
    const record = await c.call('GET', `/api/packages/${sent.package_id}/sending-record`, { cookie: c.cookies.sender });
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({ idempotency_key: sent.send_key, reference: 'Bulk 1' });
    const entry = (await auditOf(c, 'bulk.send_row')).find((e) => e.idempotency_key === sent.send_key);
    expect(entry).toMatchObject({ target_id: sent.package_id, outcome: 'success', user_email: 'sender@test.local' });
  });

  it('marks a definite refusal failed, and a retry sends it again under a new key', async () => {
    const { id } = await batchOf(1);
    await setFaults(c, [{ method: 'POST', path: '/api/v1/signature-packages', status: 422, times: 1 }]);
    await reviewed(id, 0);
    const failed = await settled(id, 0);
    expect((await batch(id)).rows[0]).toMatchObject({ state: 'failed', error: { code: expect.any(String) } });
    const before = sandboxPackages();
    const retried = await act(id, 'retry_failed');
    expect(retried.status).toBe(200);
    const sent = await settled(id, 0);
    expect(sent.state).toBe('sent');
    expect(sent.send_key).not.toBe(failed.send_key);
    expect(sandboxPackages()).toBe(before + 1);
  });
});

describe('pausing, resuming and cancelling', () => {
  it('starts no send while paused, sends after resume, and cancels only what has not begun', async () => {
    const { id } = await batchOf(3);
    expect((await act(id, 'pause')).body.state).toBe('paused');
    const calls = arrivals(c);
    await reviewed(id, 0);
    const afterReview = arrivals(c);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(arrivals(c)).toBe(afterReview);
    expect(afterReview).toBeGreaterThan(calls);
    expect((await act(id, 'resume')).body.state).toBe('open');
    expect((await settled(id, 0)).state).toBe('sent');
    await act(id, 'pause');
    await reviewed(id, 1);
    const cancelled = await act(id, 'cancel');
    expect(cancelled.body).toMatchObject({ state: 'cancelled', counts: { sent: 1, cancelled: 2 } });
    expect(cancelled.body.cancel_result).toEqual({ cancelled: [3, 4], in_flight: [], sent: [2] });
    expectConsoleError(await act(id, 'resume'), 409, 'BATCH_CANCELLED');
    expectConsoleError(
      await c.call('POST', rowPath(id, 2, 'preview'), { cookie: c.cookies.sender, body: {} }),
      409,
      'ROW_NOT_PREVIEWABLE',
    );
    // Idempotent: cancelling again answers the same.
    expect((await act(id, 'cancel')).body.state).toBe('cancelled');
  });
});

describe('results', () => {
  it('exports one CSV line per spreadsheet row with its state and package', async () => {
    const { id } = await batchOf(2);
    await reviewed(id, 0);
    const sent = { body: await settled(id, 0) };
    const file = await c.call('GET', `/api/bulk-batches/${id}/export`, { cookie: c.cookies.sender });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/signdesk-bulk-.*_batch-Contractors-November\.csv/);
    const table = readCsv(file.bytes.toString('utf8'));
    expect(table.header).toEqual([
      'row',
      'reference',
      'recipients',
      'state',
      'package_id',
      'sent_at',
      'reviewed_at',
      'error_code',
      'error',
    ]);
    expect(table.rows.map((r) => r.cells.slice(0, 5))).toEqual([
      ['2', 'Bulk 1', 'Ada Lovelace <ada@example.com>; Contractor 1 <c1@example.org>', 'Sent', sent.body.package_id],
      ['3', 'Bulk 2', 'Ada Lovelace <ada@example.com>; Contractor 2 <c2@example.org>', 'To review', ''],
    ]);
  });
});
