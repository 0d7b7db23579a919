import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HomeAnswer, HomeSection, HomeSectionId } from '@/lib/home/schemas';
import { startTestConsole, type TestConsole } from './harness';
import { PDFDocument } from 'pdf-lib';
import {
  accessRequest,
  apiId,
  arrivals,
  auditOf,
  detailPaths,
  expectConsoleError,
  idem,
  layoutField,
  ndaBody,
  previewViaConsole,
  sendViaConsole,
  sentPackageViaConsole,
  setFaults,
  submittedRequest,
  uploadedDocument,
} from './console-fixtures';

// Home (GET /api/home): what needs each user, within their roles, each section on its own.
let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole({
    env: {
      HOME_STUCK_HOURS: '1',
      HOME_EXPIRING_DAYS: '3',
      HOME_CACHE_SECONDS: '1',
      HOME_REVIEW_WARN_MINUTES: '10',
      // Home as it reads the API's lists: home-watcher.test.ts reads it from what the watcher recorded.
      WATCHER_INTERVAL_SECONDS: '0',
    },
  });
});
afterAll(async () => c?.close());
afterEach(async () => setFaults(c, []));

async function home(role: keyof TestConsole['cookies']): Promise<HomeAnswer> {
  const reply = await c.call('GET', '/api/home', { cookie: c.cookies[role] });
  expect(reply.status, reply.bytes.toString().slice(0, 300)).toBe(200);
  return reply.body as HomeAnswer;
}
const section = (answer: HomeAnswer, id: HomeSectionId) => answer.sections.find((s) => s.id === id);
const keys = (s: HomeSection | undefined) => (s?.rows ?? []).map((r) => r.key);
/** Home's lists are kept a second here; a sandbox action (not a write of this console) waits that out. */
const afterCache = () => new Promise((r) => setTimeout(r, 1_100));

async function sendNda(days: number) {
  const preview = await previewViaConsole(c, c.cookies.sender, ndaBody({ expires_in_days: days }) as { template_id: string });
  const sent = await sendViaConsole(c, preview, idem('send'));
  expect(sent.status).toBe(200);
  return (sent.body as { id: string }).id;
}

describe('home', () => {
  it('needs a session, and shows each role only the sections its roles open', async () => {
    expectConsoleError(await c.call('GET', '/api/home'), 401, 'UNAUTHENTICATED');
    expect((await home('viewer')).sections.map((s) => s.id)).toEqual([
      'needs_you',
      'expiring_soon',
      'stuck',
      'drafts',
      'went_wrong',
      'saved_views',
    ]);
    expect((await home('operator')).sections.map((s) => s.id)).toEqual([
      'needs_you',
      'stuck',
      'drafts',
      'went_wrong',
      'saved_views',
    ]);
    expect((await home('sender')).sections.map((s) => s.id)).toEqual([
      'needs_you',
      'expiring_soon',
      'stuck',
      'drafts',
      'went_wrong',
      'saved_views',
    ]);
    const answer = await home('admin');
    expect(answer.settings).toEqual({ expiring_days: 3, stuck_hours: 1 });
    expect(answer.sections.every((s) => s.error === null)).toBe(true);
  });

  it('puts a request sent back for revision in "Needs you" for operators, theirs first, and counts it for the badge', async () => {
    const req = await submittedRequest(c);
    expect(
      (
        await c.sandbox.control(`/approval-requests/${req.id}/actions`, {
          action: 'request_revision',
          comment: 'Which module?',
          requirements: [{ message: 'Name the CRM module' }],
        })
      ).status,
    ).toBe(200);
    await afterCache();
    const operator = await home('operator');
    const row = section(operator, 'needs_you')?.rows.find((r) => r.key === `request:${req.id}`);
    expect(row).toMatchObject({ kind: 'Revision requested', href: `/approvals/${req.id}`, mine: true, title: req.external_id });
    expect(section(operator, 'needs_you')?.rows[0]?.mine).toBe(true);
    expect(operator.needs_you).toBeGreaterThanOrEqual(1);
    // Admins may revise too, but it is not theirs; viewers cannot act on it.
    expect(section(await home('admin'), 'needs_you')?.rows.find((r) => r.key === `request:${req.id}`)?.mine).toBe(false);
    expect(keys(section(await home('viewer'), 'needs_you'))).not.toContain(`request:${req.id}`);
  });

  it('lists a package expiring within the setting soonest first, and one still queued past the stuck threshold', async () => {
    const soon = await sendNda(2);
    const later = await sendNda(30);
    const sender = await home('sender');
    expect(keys(section(sender, 'expiring_soon'))).toContain(`package:${soon}`);
    expect(keys(section(sender, 'expiring_soon'))).not.toContain(`package:${later}`);
    expect(section(sender, 'expiring_soon')?.rows.find((r) => r.key === `package:${soon}`)).toMatchObject({
      mine: true,
      href: `/packages/${soon}`,
    });
    expect(keys(section(sender, 'stuck'))).not.toContain(`package:${later}`);
    // The badge beside Home counts what expires soon as well as what needs the user.
    expect(sender.needs_you).toBe((section(sender, 'needs_you')?.total ?? 0) + (section(sender, 'expiring_soon')?.total ?? 0));
    expect(sender.needs_you).toBeGreaterThanOrEqual(1);
    // The invitation of one is held back; two hours on, on the API's clock, it is still queued,
    // past the one-hour threshold, while the other was delivered and is not stuck.
    expect((await c.sandbox.control(`/signature-packages/${later}/actions`, { action: 'hold_delivery' })).status).toBe(200);
    expect((await c.sandbox.control('/clock', { advance_seconds: 2 * 3600 })).status).toBe(200);
    await afterCache();
    const stuckRows = section(await home('viewer'), 'stuck')?.rows ?? [];
    const stuck = stuckRows.find((r) => r.key === `package:${later}`);
    expect(stuck?.detail).toMatch(/^Still queued [23] h after it was sent/);
    expect(stuck?.mine).toBe(false);
    expect(stuckRows.map((r) => r.key)).not.toContain(`package:${soon}`);
  }, 60_000);

  it('shows the user’s own drafts, and what they did that failed in the last day', async () => {
    const draft = await c.call('POST', '/api/package-drafts', {
      cookie: c.cookies.sender,
      body: {
        template_id: 'dst_nda',
        template_name: 'Mutual NDA',
        values: { sender_values: { counterparty_name: 'Home Test Ltd' }, signers: [], expires_in_days: '' },
      },
    });
    expect(draft.status).toBe(200);
    const rows = section(await home('sender'), 'drafts')?.rows ?? [];
    expect(rows.find((r) => r.key === `package-draft:${draft.body.id}`)).toMatchObject({
      title: 'Mutual NDA',
      detail: 'Home Test Ltd',
      href: `/packages/new?draft=${draft.body.id}`,
    });
    expect(keys(section(await home('admin'), 'drafts'))).not.toContain(`package-draft:${draft.body.id}`);
    // A refused archive (the package is still active) is the admin's failure, not the sender's.
    const pkg = await sendNda(10);
    const refused = await c.call('POST', `/api/packages/${pkg}/archive`, {
      cookie: c.cookies.admin,
      body: { reason: 'Tidying up the list' },
      idempotencyKey: idem('archive'),
    });
    expect(refused.status).toBe(409);
    const failed = section(await home('admin'), 'went_wrong')?.rows.find((r) => r.href === `/packages/${pkg}`);
    expect(failed).toMatchObject({ kind: 'Failed', title: 'Archived a package' });
    // In words, not the API's code, and what to do about it.
    expect(failed?.detail).toMatch(/^The package is still open/);
    expect(failed?.detail).not.toMatch(/PACKAGE_NOT_CLOSED/);
    expect((section(await home('sender'), 'went_wrong')?.rows ?? []).some((r) => r.href === `/packages/${pkg}`)).toBe(false);
  });

  it('keeps a send whose answer was lost in "Needs you" until it is confirmed, with the place that settles it', async () => {
    const preview = await previewViaConsole(c, c.cookies.sender);
    await setFaults(c, [
      { method: 'POST', path: '/api/v1/signature-packages', status: 503, code: 'MAINTENANCE', retry_after: 0, times: 10 },
    ]);
    const key = idem('lost');
    const lost = await sendViaConsole(c, preview, key);
    expect(lost.headers.get('intent-state')).toBe('unknown');
    const row = section(await home('sender'), 'needs_you')?.rows.find((r) => r.kind === 'Outcome unknown');
    expect(row).toMatchObject({ title: 'Sent a package', href: '/packages/new', mine: true });
    await setFaults(c, []);
    expect((await sendViaConsole(c, preview, key)).status).toBe(200);
    expect((section(await home('sender'), 'needs_you')?.rows ?? []).some((r) => r.kind === 'Outcome unknown')).toBe(false);
  });

  it('lists a review whose receipt is lapsing under "Needs you", leads back to its values, and drops it once sent', async () => {
    const preview = await previewViaConsole(
      c,
      c.cookies.sender,
      ndaBody({ reference: 'PO-lapsing-7' }) as { template_id: string },
    );
    const row = section(await home('sender'), 'needs_you')?.rows.find(
      (r) => r.kind === 'Review lapsing' && r.title === 'PO-lapsing-7',
    );
    expect(row).toMatchObject({ mine: true });
    expect(row?.href).toMatch(/^\/packages\/new\?review=[\w-]+$/);
    expect(row?.detail).toMatch(/^The receipt of your review lapses in about (9|10) min \(\d\d:\d\d UTC\)\./);
    // Another sender's home does not show it, and its values are the owner's alone.
    expect((section(await home('admin'), 'needs_you')?.rows ?? []).some((r) => r.key === row?.key)).toBe(false);
    const id = new URL(row!.href, c.url).searchParams.get('review')!;
    const start = await c.call('GET', `/api/packages/reviews/${id}`, { cookie: c.cookies.sender });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({
      template_id: 'dst_nda',
      reference: 'PO-lapsing-7',
      expires_in_days: 14,
      package_id: null,
    });
    expect(start.body.signers).toHaveLength(2);
    expectConsoleError(await c.call('GET', `/api/packages/reviews/${id}`, { cookie: c.cookies.admin }), 404, 'NOT_FOUND');
    expectConsoleError(await c.call('GET', `/api/packages/reviews/${id}`, { cookie: c.cookies.viewer }), 403, 'FORBIDDEN');
    // Sent: nothing is lapsing any more.
    expect((await sendViaConsole(c, preview, idem('send'))).status).toBe(200);
    expect((section(await home('sender'), 'needs_you')?.rows ?? []).some((r) => r.key === row?.key)).toBe(false);
  });

  it('titles a lapsing review without a reference by its template’s name, not its id', async () => {
    await previewViaConsole(c, c.cookies.sender, ndaBody() as { template_id: string });
    const rows = section(await home('sender'), 'needs_you')?.rows.filter((r) => r.kind === 'Review lapsing') ?? [];
    expect(rows.map((r) => r.title)).toContain('Mutual non-disclosure agreement');
    expect(rows.map((r) => r.title)).not.toContain('dst_nda');
  });

  it('shares the API’s lists among users: twenty people opening home at once cost one read per list', async () => {
    await afterCache();
    const before = arrivals(c);
    const roles = ['viewer', 'operator', 'sender', 'admin'] as const;
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => home(roles[i % 4]!)));
    const windows = Math.floor((Date.now() - started) / 1_000) + 1;
    expect(answers.every((a) => a.sections.every((s) => s.error === null))).toBe(true);
    // Lists read: queued, delivered, completed, declined and expired packages, requests in
    // NEEDS_REVISION, IN_PROGRESS and DRAFT, the latest requests (for what was decided), documents:
    // ten per sharing window (1 s here), however many people ask; a loaded machine may take more
    // than one window for the twenty (unshared, they would cost 200).
    expect(arrivals(c) - before).toBeLessThanOrEqual(10 * windows);
  });

  it('lists what finished since the user’s previous visit to home, a visit on one device counting on any', async () => {
    const visit = async () =>
      expect((await c.call('GET', '/', { cookie: c.cookies.sender, headers: { accept: 'text/html' } })).status).toBe(200);
    const before = await sendNda(10);
    await c.sandbox.control(`/signature-packages/${before}/actions`, { action: 'deliver' });
    await c.sandbox.control(`/signature-packages/${before}/actions`, { action: 'complete' });
    await visit();
    // A visit soon after is the same visit; one after a gap of the API's time is the next.
    await visit();
    expect((await home('sender')).sections.map((s) => s.id)).not.toContain('finished');
    expect((await c.sandbox.control('/clock', { advance_seconds: 11 * 60 })).status).toBe(200);
    await afterCache();
    await home('sender'); // the console hears the API's new time
    const { cookie } = await c.signIn('sender@test.local'); // another device
    const other = await c.call('GET', '/', { cookie: cookie!, headers: { accept: 'text/html' } });
    // Answered as kept from the earlier visit (server/home/kept-home.ts): still a visit.
    expect([other.status, other.headers.get('server-timing')]).toEqual([200, 'home;desc="kept"']);
    const after = await sendNda(10);
    await c.sandbox.control(`/signature-packages/${after}/actions`, { action: 'deliver' });
    await c.sandbox.control(`/signature-packages/${after}/actions`, { action: 'complete' });
    await afterCache();
    const answer = await home('sender');
    expect(answer.last_looked).not.toBeNull();
    const finished = section(answer, 'finished');
    expect(finished?.rows.find((r) => r.key === `package:${after}`)).toMatchObject({
      kind: 'Completed',
      // Coloured as the package page colours it: one status, one colour.
      status: { family: 'package', code: 'completed' },
      mine: true,
      href: `/packages/${after}`,
    });
    expect(keys(finished)).not.toContain(`package:${before}`);
  }, 60_000);

  it('lists an operator’s layout left uncompleted, an editor session about to end, and a request saved as a draft at the API', async () => {
    const { doc } = await uploadedDocument(c, 1, 'SIGNATURE_TARGET');
    const opened = await c.call('POST', `/api/documents/${doc.id}/editor`, {
      cookie: c.cookies.operator,
      body: { purpose: 'Place signature fields' },
    });
    expect(opened.status).toBe(200);
    const field = layoutField({ id: 'f1' });
    const saved = await c.call('POST', `/api/documents/${doc.id}/editor/commands`, {
      cookie: c.cookies.operator,
      body: { type: 'SAVE_LAYOUT', expectedVersion: 0, layout: { fields: [field] } },
      idempotencyKey: idem('cmd'),
    });
    expect(saved.status).toBe(200);
    const atApi = await submittedRequest(c, accessRequest({ submit: false }));
    await afterCache();
    let rows = section(await home('operator'), 'drafts')?.rows ?? [];
    expect(rows.find((r) => r.key === `layout:${doc.id}`)).toMatchObject({
      kind: 'Layout not completed',
      href: `/documents/${doc.id}/editor`,
    });
    expect(rows.find((r) => r.key === `api-draft:${atApi.id}`)?.detail).toMatch(/nobody can submit, edit or delete it from here/);
    expect(keys(section(await home('admin'), 'drafts'))).not.toContain(`api-draft:${atApi.id}`);
    expect(rows.some((r) => r.key === `editor-session:${doc.id}`)).toBe(false);
    // Fifty minutes on, on the API's clock, the hour-long session is about to end.
    expect((await c.sandbox.control('/clock', { advance_seconds: 50 * 60 })).status).toBe(200);
    await afterCache();
    await home('operator'); // the console hears the API's new time
    rows = section(await home('operator'), 'drafts')?.rows ?? [];
    expect(rows[0]).toMatchObject({
      key: `editor-session:${doc.id}`,
      kind: 'Editor session ending',
      href: `/documents/${doc.id}/editor`,
    });
  }, 60_000);

  it('shows a failing source as that section’s error, and the other sections still', async () => {
    await setFaults(c, [{ method: 'GET', path: '/api/v1/signature-packages', status: 500, times: 50 }]);
    await afterCache();
    const answer = await home('sender');
    expect(section(answer, 'expiring_soon')?.error?.code).toBeTruthy();
    expect(section(answer, 'drafts')?.error).toBeNull();
    expect(section(answer, 'went_wrong')?.error).toBeNull();
  }, 60_000);
});

describe('went wrong', () => {
  const wentWrong = async (role: keyof TestConsole['cookies']) => section(await home(role), 'went_wrong')?.rows ?? [];
  const rowPath = (id: string, position: number, what: string) => `/api/bulk-batches/${id}/rows/${position}/${what}`;
  const NDA = apiId('dst_nda');
  const signers = [
    { slot_id: 'company_signer', name: 'Ada Lovelace', email: 'ada@example.com', phone: '+14155550101' },
    { slot_id: 'counterparty_signer', name: 'Home Row Ltd', email: 'row@example.org', phone: '+44 20 7123 4567' },
  ];

  /** A batch of one row, previewed and reviewed with every page and section seen; answers it and the row's receipt. */
  async function reviewedRow() {
    const made = await c.call('POST', '/api/bulk-batches', {
      cookie: c.cookies.sender,
      body: {
        template_id: NDA,
        name: 'Home went wrong',
        expires_in_days: '30',
        rows: [
          {
            line: 2,
            values: {
              sender_values: {
                counterparty_name: 'Home Row Ltd',
                effective_date: '2027-01-15',
                governing_law: 'England and Wales',
              },
              signers,
              expires_in_days: '',
              reference: 'Home row',
            },
          },
        ],
      },
      idempotencyKey: idem('bulk'),
    });
    expect(made.status, made.bytes.toString().slice(0, 300)).toBe(200);
    const id = (made.body as { id: string }).id;
    const preview = await c.call('POST', rowPath(id, 0, 'preview'), { cookie: c.cookies.sender, body: {} });
    expect(preview.status).toBe(200);
    const token = (preview.body as { preview_token: string }).preview_token;
    const pdf = await c.call('POST', '/api/packages/preview/document', {
      cookie: c.cookies.sender,
      body: { template_id: NDA, preview_token: token },
    });
    const pages = (await PDFDocument.load(pdf.bytes)).getPageCount();
    const at = () => new Date().toISOString();
    const reviewed = await c.call('POST', rowPath(id, 0, 'review'), {
      cookie: c.cookies.sender,
      body: {
        preview_token: token,
        review: {
          pages: Array.from({ length: pages }, (_, i) => ({ page: i + 1, seen_at: at() })),
          sections: ['document', 'values', 'recipients', 'expiry'].map((s) => ({ id: s, seen_at: at() })),
          page_count: pages,
          confirmed_at: at(),
        },
      },
    });
    expect(reviewed.status, reviewed.bytes.toString().slice(0, 300)).toBe(200);
    return { id, token };
  }
  /** Row 0 once the console's background work has sent it or failed it. */
  async function rowSettles(id: string) {
    const until = Date.now() + 30_000;
    for (;;) {
      const read = await c.call('GET', `/api/bulk-batches/${id}`, { cookie: c.cookies.sender });
      const row = (read.body.rows as { position: number; state: string }[]).find((r) => r.position === 0)!;
      if (['sent', 'failed'].includes(row.state) || Date.now() > until) return row;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('leads a refused bulk row to its batch, says in words what went wrong, and drops it once the row is retried and sent', async () => {
    await setFaults(c, [{ method: 'POST', path: '/api/v1/signature-packages', status: 422, times: 1 }]);
    const { id } = await reviewedRow();
    expect(await rowSettles(id)).toMatchObject({ state: 'failed' });
    const failed = (await wentWrong('sender')).find((r) => r.title === 'Sent a row of a bulk-send batch');
    expect(failed?.href).toBe(`/packages/bulk/${id}`);
    // Words a person reads, and where to put it right; no bare code.
    expect(failed?.detail).not.toMatch(/\b[A-Z]+_[A-Z_]+\b/);
    expect(failed?.detail).toMatch(/batch/i);
    await setFaults(c, []);
    const retried = await c.call('POST', `/api/bulk-batches/${id}/actions`, {
      cookie: c.cookies.sender,
      body: { action: 'retry_failed' },
    });
    expect(retried.status).toBe(200);
    expect(await rowSettles(id)).toMatchObject({ state: 'sent' });
    expect((await wentWrong('sender')).some((r) => r.key === failed?.key)).toBe(false);
  }, 60_000);

  it('leads a refused import to the recipient book and drops it once an import of the book succeeds', async () => {
    const importCsv = (csv: string) =>
      c.call('POST', '/api/recipients/import', { cookie: c.cookies.sender, body: { csv }, idempotencyKey: idem('rcp-import') });
    expectConsoleError(await importCsv('email,name,phone\nnot-an-address,Nobody,\n'), 422, 'RECIPIENT_IMPORT_INVALID');
    const failed = (await wentWrong('sender')).find((r) => r.title === 'Imported recipients into the book');
    expect(failed?.href).toBe('/packages/recipients');
    expect(failed?.detail).toMatch(/^The file had problems/);
    expect((await importCsv('email,name,phone\nhome-import@example.org,Home Import,\n')).status).toBe(200);
    expect((await wentWrong('sender')).some((r) => r.key === failed?.key)).toBe(false);
  });

  it('never links a failure to home itself', async () => {
    expectConsoleError(
      await c.call('POST', '/api/saved-views', {
        cookie: c.cookies.viewer,
        body: { list: 'approvals', name: 'Odd', query: 'archived=only' },
      }),
      422,
      'VALIDATION_FAILED',
    );
    const rows = await wentWrong('viewer');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.href).not.toBe('/');
  });

  it('lets its user dismiss a failure, for themselves alone, and refuses a key that is not theirs', async () => {
    const pkg = (await sentPackageViaConsole(c)).id;
    const refused = await c.call('POST', `/api/packages/${pkg}/archive`, {
      cookie: c.cookies.admin,
      body: { reason: 'Tidying up again' },
      idempotencyKey: idem('archive'),
    });
    expect(refused.status).toBe(409);
    const row = (await wentWrong('admin')).find((r) => r.href === `/packages/${pkg}`);
    expect(row?.dismissible).toBe(true);
    const dismiss = (key: string, cookie: string) => c.call('POST', '/api/home/dismissals', { cookie, body: { key } });
    // Another user cannot dismiss it (it is not theirs to see), nor a key of no failure.
    expectConsoleError(await dismiss(row!.key, c.cookies.sender), 404, 'NOT_FOUND');
    expectConsoleError(await dismiss('audit:999999999', c.cookies.admin), 404, 'NOT_FOUND');
    expectConsoleError(await dismiss('package:nope', c.cookies.admin), 422, 'VALIDATION_FAILED');
    expect((await wentWrong('admin')).some((r) => r.key === row!.key)).toBe(true);
    const done = await dismiss(row!.key, c.cookies.admin);
    expect(done.status, done.bytes.toString().slice(0, 300)).toBe(200);
    expect((await wentWrong('admin')).some((r) => r.key === row!.key)).toBe(false);
    // Dismissing it again is the same dismissal.
    expect((await dismiss(row!.key, c.cookies.admin)).status).toBe(200);
  });
});

describe('saved views', () => {
  const save = (role: keyof TestConsole['cookies'], body: Record<string, unknown>) =>
    c.call('POST', '/api/saved-views', { cookie: c.cookies[role], body });
  const viewsOf = async (role: keyof TestConsole['cookies']) =>
    (
      (await c.call('GET', '/api/saved-views', { cookie: c.cookies[role] })).body as {
        data: { id: string; name: string; query: string; href: string }[];
      }
    ).data;

  it('keeps a filtered list under a name, its filters normalised, and lists it on home', async () => {
    const reply = await save('sender', {
      list: 'packages',
      name: 'Queued NDAs',
      query: '?status=queued&page=3&q=NDA&size=50&sent_from=2026-11-01',
    });
    expect(reply.status, reply.bytes.toString().slice(0, 300)).toBe(200);
    expect(reply.body).toMatchObject({
      name: 'Queued NDAs',
      list: 'packages',
      query: 'q=NDA&sent_from=2026-11-01&status=queued',
      href: '/packages?q=NDA&sent_from=2026-11-01&status=queued',
    });
    const row = section(await home('sender'), 'saved_views')?.rows.find((r) => r.key === reply.body.id);
    expect(row).toMatchObject({
      title: 'Queued NDAs',
      kind: 'Packages',
      href: '/packages?q=NDA&sent_from=2026-11-01&status=queued',
      mine: true,
      saved_view_id: reply.body.id,
    });
    expect(row?.detail).toBe('Search “NDA” · Queued · Sent from 2026-11-01');
    // Saving it again (a retried click) is the same view.
    const again = await save('sender', {
      list: 'packages',
      name: 'Queued NDAs',
      query: 'status=queued&q=NDA&sent_from=2026-11-01',
    });
    expect(again.body.id).toBe(reply.body.id);
    expect((await viewsOf('sender')).filter((v) => v.name === 'Queued NDAs')).toHaveLength(1);
  });

  it('refuses a name already used with other filters, filters the list does not take, and a list the role cannot read', async () => {
    await save('admin', { list: 'approvals', name: 'Mine', query: 'status=IN_PROGRESS' });
    const taken = await save('admin', { list: 'approvals', name: 'Mine', query: 'status=APPROVED' });
    expectConsoleError(taken, 409, 'VIEW_NAME_TAKEN');
    expect(detailPaths(taken)).toEqual(['name']);
    const backwards = await save('admin', {
      list: 'approvals',
      name: 'Odd',
      query: 'updated_from=2026-11-05&updated_to=2026-11-01',
    });
    expectConsoleError(backwards, 422, 'VALIDATION_FAILED');
    expect(detailPaths(backwards)).toEqual(['query.updated_to']);
    expectConsoleError(await save('admin', { list: 'approvals', name: 'Odd', query: 'archived=only' }), 422, 'VALIDATION_FAILED');
    expectConsoleError(await save('admin', { list: 'approvals', name: ' ', query: '' }), 422, 'VALIDATION_FAILED');
    expectConsoleError(await save('operator', { list: 'packages', name: 'Nope', query: '' }), 403, 'FORBIDDEN');
    expect((await viewsOf('admin')).map((v) => v.name)).toEqual(['Mine']);
  });

  it('deletes only the owner’s view, which leaves home; someone else’s is not found', async () => {
    const { body } = await save('viewer', { list: 'approvals', name: 'Rejected', query: 'status=REJECTED' });
    expectConsoleError(await c.call('DELETE', `/api/saved-views/${body.id}`, { cookie: c.cookies.admin }), 404, 'NOT_FOUND');
    const gone = await c.call('DELETE', `/api/saved-views/${body.id}`, { cookie: c.cookies.viewer });
    expect(gone.status).toBe(200);
    expect(keys(section(await home('viewer'), 'saved_views'))).not.toContain(body.id);
    expectConsoleError(await c.call('DELETE', `/api/saved-views/${body.id}`, { cookie: c.cookies.viewer }), 404, 'NOT_FOUND');
    expect((await auditOf(c, 'saved_view.delete')).map((e) => e.target_id)).toContain(body.id);
  });

  it('keeps at most 20 views per user', async () => {
    for (let i = 0; i < 20; i++)
      expect((await save('operator', { list: 'approvals', name: `View ${i}`, query: `q=v${i}` })).status).toBe(200);
    expectConsoleError(await save('operator', { list: 'approvals', name: 'One more', query: 'q=more' }), 409, 'TOO_MANY_VIEWS');
  });
});

// Home's document is kept per reader and answered again by the console's server without Next
// (issue 35: a morning's rush; server/edge/home-document.ts), with each answer's own nonce and
// policy, and only while the session and all the page is rendered from stay the same.
describe("home's document, kept", () => {
  interface Page {
    status: number;
    kept: boolean;
    nonce: string | null;
    body: string;
    headers: Headers;
  }
  const open = async (cookie: string, headers: Record<string, string> = {}): Promise<Page> => {
    const res = await fetch(`${c.url}/`, { headers: { cookie, accept: 'text/html', ...headers }, redirect: 'manual' });
    const body = await res.text();
    return {
      status: res.status,
      kept: (res.headers.get('server-timing') ?? '').includes('kept'),
      nonce: /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? null,
      body,
      headers: res.headers,
    };
  };
  const account = async (roles: string[]) => {
    const email = `kept-${Math.random().toString(36).slice(2, 8)}@test.local`;
    const made = await c.call('POST', '/api/admin/users', {
      cookie: c.cookies.admin,
      body: { email, name: `Kept ${email.slice(5, 11)}`, password: 'a-long-enough-password', roles },
    });
    expect(made.status).toBe(200);
    const { cookie } = await c.signIn(email, 'a-long-enough-password');
    return { id: made.body.id as string, name: made.body.name as string, cookie: cookie! };
  };
  const noncesIn = (body: string) => [...body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);

  it('answers the second visit as the first was rendered, under a fresh nonce and the same headers', async () => {
    const person = await account(['operator']);
    const first = await open(person.cookie);
    // As a browser sends it, among other cookies.
    const second = await open(`signdesk-device=abc; ${person.cookie}; other=%20x`);
    expect([first.status, first.kept, second.status, second.kept]).toEqual([200, false, 200, true]);
    expect(second.nonce).toBeTruthy();
    expect(second.nonce).not.toBe(first.nonce);
    // Every script and stylesheet carries this answer's nonce; the kept one's appears nowhere.
    expect(noncesIn(second.body).length).toBeGreaterThan(3);
    expect(new Set(noncesIn(second.body))).toEqual(new Set([second.nonce]));
    expect(second.body).not.toContain(first.nonce!);
    expect(second.body.split(second.nonce!).join('N')).toBe(first.body.split(first.nonce!).join('N'));
    expect(second.body).toContain(person.name);
    for (const name of ['content-type', 'cache-control', 'x-frame-options', 'x-content-type-options', 'referrer-policy', 'vary'])
      expect([name, second.headers.get(name)]).toEqual([name, first.headers.get(name)]);
    expect(second.headers.get('content-security-policy')).toBe(
      first.headers.get('content-security-policy')!.split(first.nonce!).join(second.nonce!),
    );
  });

  it('is never another reader’s, and follows what the page is rendered from', async () => {
    const one = await account(['operator']);
    const two = await account(['operator']);
    await open(one.cookie);
    const other = await open(two.cookie);
    expect([other.kept, other.body.includes(two.name), other.body.includes(one.name)]).toEqual([false, true, false]);
    // Two session cookies of one name (one set from a sibling host, say): whoever's page is
    // rendered, it is never kept for the other.
    const both = await open(`${one.cookie}; ${two.cookie}`);
    expect([both.status, both.body.includes(one.name) !== both.body.includes(two.name)]).toEqual([200, true]);
    for (const [me, them] of [
      [one, two],
      [two, one],
    ] as const) {
      const mine = await open(me.cookie);
      expect([mine.body.includes(me.name), mine.body.includes(them.name)]).toEqual([true, false]);
    }
    // Another language asked for renders anew; so do new roles.
    expect((await open(one.cookie, { 'accept-language': 'de-DE' })).kept).toBe(false);
    const patched = await c.call('PATCH', `/api/admin/users/${one.id}`, {
      cookie: c.cookies.admin,
      body: { roles: ['operator', 'sender'] },
    });
    expect(patched.status).toBe(200);
    const after = await open(one.cookie);
    expect(after.kept).toBe(false);
    expect(after.body).toContain('operator, sender');
    // A request for the page's flight data (a client navigation) or with a query is never answered from it.
    expect((await open(one.cookie)).kept).toBe(true);
    const res = await fetch(`${c.url}/?from=nav`, { headers: { cookie: one.cookie } });
    expect([res.status, res.headers.get('server-timing')]).toEqual([200, null]);
    await res.arrayBuffer();
    const rsc = await fetch(`${c.url}/`, { headers: { cookie: one.cookie, rsc: '1' } });
    expect(rsc.headers.get('server-timing')).toBeNull();
    await rsc.arrayBuffer();
  });

  it('ends with the session: signed out or disabled, the kept page is not answered', async () => {
    const leaving = await account(['viewer']);
    await open(leaving.cookie);
    expect((await open(leaving.cookie)).kept).toBe(true);
    expect((await c.call('POST', '/api/auth/sign-out', { cookie: leaving.cookie })).status).toBeLessThan(400);
    const gone = await open(leaving.cookie);
    expect([gone.status, gone.kept]).toEqual([307, false]);
    expect(gone.headers.get('location')).toMatch(/\/sign-in/);

    const disabled = await account(['viewer']);
    await open(disabled.cookie);
    expect((await open(disabled.cookie)).kept).toBe(true);
    expect(
      (await c.call('PATCH', `/api/admin/users/${disabled.id}`, { cookie: c.cookies.admin, body: { disabled: true } })).status,
    ).toBe(200);
    const refused = await open(disabled.cookie);
    expect([refused.status, refused.kept]).toEqual([307, false]);
  });
});
