import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DraftValues, PackageDraft, PackageDraftSummary } from '@/lib/package-drafts/schemas';
import { arrivals, auditOf, detailPaths, expectConsoleError, idem } from './console-fixtures';
import { startTestConsole, type TestConsole } from './harness';

// Drafts of packages and of approval requests: the console's own per-user records behind the
// usual checks (session, role, same origin, strict bodies), versioned so that no save
// overwrites another silently.
let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole();
});
afterAll(async () => c?.close());


const values = (counterparty: string, over: Partial<DraftValues> = {}) => ({
  sender_values: { counterparty_name: counterparty, effective_date: '' },
  signers: [
    { slot_id: 'company_signer', name: 'Grace Hopper', email: 'grace@example.com', phone: '' },
    { slot_id: 'counterparty_signer', name: '', email: '', phone: '' },
  ],
  expires_in_days: '',
  ...over,
});
const body = (counterparty: string, over: Record<string, unknown> = {}) => ({
  template_id: 'dst_nda',
  template_name: 'Mutual non-disclosure agreement',
  values: values(counterparty),
  ...over,
});

const create = (b: unknown, opts: { cookie?: string; key?: string } = {}) =>
  c.call('POST', '/api/package-drafts', { cookie: opts.cookie ?? c.cookies.sender, body: b, idempotencyKey: opts.key });
const path = (id: string) => `/api/package-drafts/${encodeURIComponent(id)}`;

async function created(counterparty: string, cookie = c.cookies.sender): Promise<PackageDraft> {
  const reply = await create(body(counterparty), { cookie });
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  return reply.body as PackageDraft;
}

async function listed(cookie = c.cookies.sender, query = '') {
  const reply = await c.call('GET', `/api/package-drafts${query}`, { cookie });
  expect(reply.status).toBe(200);
  return reply.body as {
    data: PackageDraftSummary[];
    pagination: { page: number; size: number; total: number; pages: number };
  };
}

describe('package drafts', () => {
  it('saves, lists newest first, reads back and deletes a draft, without calling the Signing API', async () => {
    const before = arrivals(c);
    const first = await created('Initech');
    expect(first).toMatchObject({
      template_id: 'dst_nda',
      template_name: 'Mutual non-disclosure agreement',
      label: 'Initech',
      version: 1,
    });
    expect(first.id).toMatch(/^pdr_[0-9a-f]{32}$/);
    const second = await created('Globex');
    // A draft is saved unfinished: empty and not yet valid values are kept as typed.
    const read = await c.call('GET', path(first.id), { cookie: c.cookies.sender });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(first);
    expect(read.body.values).toEqual(values('Initech'));

    const list = await listed();
    expect(list.data.slice(0, 2).map((d) => d.id)).toEqual([second.id, first.id]);
    expect(list.data[0]).not.toHaveProperty('values');
    const paged = await listed(c.cookies.sender, '?size=25&page=2');
    expect(paged.pagination).toMatchObject({ page: 2, size: 25, total: list.pagination.total });
    expect(paged.data).toEqual([]);

    const deleted = await c.call('DELETE', path(first.id), { cookie: c.cookies.sender });
    expect(deleted.status).toBe(200);
    expectConsoleError(await c.call('GET', path(first.id), { cookie: c.cookies.sender }), 404, 'DRAFT_NOT_FOUND');
    // Deleting twice (the list was stale) says it is gone.
    expectConsoleError(await c.call('DELETE', path(first.id), { cookie: c.cookies.sender }), 404, 'DRAFT_NOT_FOUND');
    expect((await listed()).data.map((d) => d.id)).not.toContain(first.id);
    expect(arrivals(c)).toBe(before);

    const [audited] = await auditOf(c, 'package_draft.delete');
    expect(audited).toMatchObject({ target_type: 'package_draft', target_id: first.id, outcome: 'failure', status: 404 });
    const creates = await auditOf(c, 'package_draft.create');
    expect(creates.map((e) => e.target_id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect((await auditOf(c, 'package_draft.delete')).some((e) => e.target_id === first.id && e.outcome === 'success')).toBe(
      true,
    );
  });

  it('saves over the version it was based on, and refuses a stale one with 409 instead of overwriting', async () => {
    const draft = await created('Umbrella');
    const put = (version: number, counterparty: string) =>
      c.call('PUT', path(draft.id), {
        cookie: c.cookies.sender,
        body: { version, template_id: 'dst_nda', values: values(counterparty) },
      });
    const saved = await put(1, 'Umbrella Europe');
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      id: draft.id,
      version: 2,
      label: 'Umbrella Europe',
      created_at: draft.created_at,
      template_name: null,
    });
    expect(saved.body.updated_at >= draft.updated_at).toBe(true);

    // A second tab still on version 1.
    const stale = await put(1, 'Umbrella Asia');
    const error = expectConsoleError(stale, 409, 'DRAFT_VERSION_CONFLICT');
    expect(error.message).toMatch(/version 1.*version 2/);
    expect(error.details).toEqual([expect.objectContaining({ path: 'version', current_version: 2 })]);
    expect((await c.call('GET', path(draft.id), { cookie: c.cookies.sender })).body.values.sender_values.counterparty_name).toBe(
      'Umbrella Europe',
    );

    // Two saves of the same version at once: exactly one wins.
    const race = await Promise.all([put(2, 'Race A'), put(2, 'Race B')]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = race.find((r) => r.status === 200)!.body as PackageDraft;
    const now = (await c.call('GET', path(draft.id), { cookie: c.cookies.sender })).body as PackageDraft;
    expect(now).toMatchObject({ version: 3, label: winner.label });
  });

  it('makes one draft for one Save, however often it is sent; the same key with another body is refused', async () => {
    const total = async () => (await listed()).pagination.total;
    const before = await total();
    const key = idem('draft');
    const replies = await Promise.all([
      create(body('Hooli'), { key }),
      create(body('Hooli'), { key }),
      create(body('Hooli'), { key }),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
    expect(await total()).toBe(before + 1);
    expectConsoleError(await create(body('Hooli XYZ'), { key }), 409, 'IDEMPOTENCY_KEY_REUSED');
    // Keys are per user: another sender's same key is another draft.
    const other = await create(body('Hooli'), { key, cookie: c.cookies.admin });
    expect(other.status).toBe(200);
    expect(other.body.id).not.toBe(replies[0]!.body.id);
    // Without a key every create is a new draft.
    await created('Pied Piper');
    await created('Pied Piper');
    expect(await total()).toBe(before + 3);
    expectConsoleError(await create(body('Hooli'), { key: 'short' }), 422, 'IDEMPOTENCY_KEY_INVALID');
  });

  it("keeps each user's drafts to that user: another's id is 404, as if it never existed", async () => {
    const mine = await created('Vandelay');
    const admin = c.cookies.admin;
    expectConsoleError(await c.call('GET', path(mine.id), { cookie: admin }), 404, 'DRAFT_NOT_FOUND');
    expectConsoleError(
      await c.call('PUT', path(mine.id), {
        cookie: admin,
        body: { version: 1, template_id: 'dst_nda', values: values('Taken over') },
      }),
      404,
      'DRAFT_NOT_FOUND',
    );
    expectConsoleError(await c.call('DELETE', path(mine.id), { cookie: admin }), 404, 'DRAFT_NOT_FOUND');
    expect((await listed(admin)).data.map((d) => d.id)).not.toContain(mine.id);
    const still = await c.call('GET', path(mine.id), { cookie: c.cookies.sender });
    expect(still.body).toMatchObject({ version: 1, label: 'Vandelay' });
  });

  it('refuses bad bodies, queries and ids with 400, 413 or 422 and the field at fault', async () => {
    const draft = await created('Soylent');
    const malformed = await c.call('POST', '/api/package-drafts', {
      cookie: c.cookies.sender,
      rawBody: '{"template_id": "dst_nda",',
      headers: { 'content-type': 'application/json' },
    });
    expectConsoleError(malformed, 400, 'MALFORMED_JSON');
    expect(detailPaths(await create({ template_id: 'dst_nda' }))).toEqual(['values']);
    expect(detailPaths(await create(body('x', { owner: 'someone-else' })))).toEqual(['']);
    expect(detailPaths(await create(body('x', { template_id: '..' })))).toEqual(['template_id']);
    const tooMany = values('x', {
      signers: Array.from({ length: 21 }, (_, i) => ({ slot_id: `s${i}`, name: '', email: '', phone: '' })),
    });
    expect(detailPaths(await create(body('x', { values: tooMany })))).toEqual(['values.signers']);
    const long = values('x'.repeat(501));
    expect(detailPaths(await create(body('x', { values: long })))).toEqual(['values.sender_values.counterparty_name']);
    expectConsoleError(await create(body('x'.repeat(200 * 1024))), 413, 'PAYLOAD_TOO_LARGE');

    const put = (b: unknown) => c.call('PUT', path(draft.id), { cookie: c.cookies.sender, body: b });
    expect(detailPaths(await put({ template_id: 'dst_nda', values: values('x') }))).toEqual(['version']);
    expect(detailPaths(await put({ version: '1', template_id: 'dst_nda', values: values('x') }))).toEqual(['version']);
    expectConsoleError(
      await c.call('GET', `/api/package-drafts/${'x'.repeat(129)}`, { cookie: c.cookies.sender }),
      422,
      'VALIDATION_FAILED',
    );
    expectConsoleError(
      await c.call('GET', '/api/package-drafts/pdr%20x', { cookie: c.cookies.sender }),
      422,
      'VALIDATION_FAILED',
    );
    expectConsoleError(await c.call('GET', '/api/package-drafts?size=7', { cookie: c.cookies.sender }), 422, 'VALIDATION_FAILED');
    expectConsoleError(await c.call('GET', '/api/package-drafts?q=acme', { cookie: c.cookies.sender }), 422, 'VALIDATION_FAILED');
    expect((await c.call('GET', path(draft.id), { cookie: c.cookies.sender })).body.version).toBe(1);
  });

  it('is refused without a session, to roles that may not send, and across sites', async () => {
    const draft = await created('Tyrell');
    const calls: [string, string, unknown][] = [
      ['GET', '/api/package-drafts', undefined],
      ['POST', '/api/package-drafts', body('Intruder')],
      ['GET', path(draft.id), undefined],
      ['PUT', path(draft.id), { version: 1, template_id: 'dst_nda', values: values('Intruder') }],
      ['DELETE', path(draft.id), undefined],
    ];
    const before = (await listed()).pagination.total;
    for (const [method, p, b] of calls) {
      expectConsoleError(await c.call(method, p, { body: b }), 401, 'UNAUTHENTICATED');
      for (const role of ['viewer', 'operator'] as const)
        expectConsoleError(await c.call(method, p, { cookie: c.cookies[role], body: b }), 403, 'FORBIDDEN');
      if (method === 'GET') continue;
      for (const origin of ['https://attacker.example', 'null', null]) {
        expectConsoleError(await c.call(method, p, { cookie: c.cookies.sender, body: b, origin }), 403, 'CROSS_SITE_REQUEST');
      }
      expectConsoleError(
        await c.call(method, p, { cookie: c.cookies.sender, body: b, headers: { 'sec-fetch-site': 'cross-site' } }),
        403,
        'CROSS_SITE_REQUEST',
      );
    }
    expect((await listed()).pagination.total).toBe(before);
    expect((await c.call('GET', path(draft.id), { cookie: c.cookies.sender })).body).toMatchObject({
      version: 1,
      label: 'Tyrell',
    });
  });
});

// Approval-request drafts: the same rules, for operators; the API hears nothing of them.
const requestValues = (title: string) => ({
  release_id: 'wf_expense@2',
  external_id: 'expense-20261127-abc',
  form_data: { title, amount: 120, items: [{ name: 'Taxi' }] },
  documents: { receipt: '' },
  documentNames: { receipt: '' },
  signers: {},
});
const requestBody = (title: string, over: Record<string, unknown> = {}) => ({
  workflow_id: 'wf_expense',
  workflow_name: 'Expense approval',
  values: requestValues(title),
  ...over,
});
const requestPath = (id = '') => `/api/request-drafts${id ? `/${encodeURIComponent(id)}` : ''}`;

describe('approval-request drafts', () => {
  it('saves, lists, reads back, saves over the version read and deletes, without calling the Signing API', async () => {
    const before = arrivals(c);
    const operator = c.cookies.operator;
    const made = await c.call('POST', requestPath(), { cookie: operator, body: requestBody('Team offsite'), idempotencyKey: idem('rd') });
    expect(made.status, made.bytes.toString('utf8').slice(0, 300)).toBe(200);
    expect(made.body).toMatchObject({ workflow_id: 'wf_expense', workflow_name: 'Expense approval', label: 'Team offsite', version: 1 });
    expect(made.body.id).toMatch(/^rdr_[0-9a-f]{32}$/);
    const id = made.body.id as string;
    expect((await c.call('GET', requestPath(id), { cookie: operator })).body.values).toEqual(requestValues('Team offsite'));
    const list = await c.call('GET', requestPath(), { cookie: operator });
    expect(list.body.data.map((d: { id: string }) => d.id)).toContain(id);
    expect(list.body.data[0]).not.toHaveProperty('values');

    const put = (version: number, title: string) =>
      c.call('PUT', requestPath(id), { cookie: operator, body: { ...requestBody(title), version } });
    expect((await put(1, 'Team offsite, Lisbon')).body).toMatchObject({ version: 2, label: 'Team offsite, Lisbon' });
    const stale = expectConsoleError(await put(1, 'Older tab'), 409, 'DRAFT_VERSION_CONFLICT');
    expect(stale.details).toEqual([expect.objectContaining({ path: 'version', current_version: 2 })]);

    expect((await c.call('DELETE', requestPath(id), { cookie: operator })).status).toBe(200);
    expectConsoleError(await c.call('GET', requestPath(id), { cookie: operator }), 404, 'DRAFT_NOT_FOUND');
    expect(arrivals(c)).toBe(before);
    expect((await auditOf(c, 'request_draft.create')).map((e) => e.target_id)).toContain(id);
  });

  it('keeps request drafts apart from package drafts and from other users', async () => {
    const request = await c.call('POST', requestPath(), { cookie: c.cookies.admin, body: requestBody('Mine') });
    const pkg = await created('Cyberdyne', c.cookies.admin);
    // One kind's id is not the other's: each reads as if it never existed.
    expectConsoleError(await c.call('GET', path(request.body.id), { cookie: c.cookies.admin }), 404, 'DRAFT_NOT_FOUND');
    expectConsoleError(await c.call('GET', requestPath(pkg.id), { cookie: c.cookies.admin }), 404, 'DRAFT_NOT_FOUND');
    expect((await listed(c.cookies.admin)).data.map((d) => d.id)).not.toContain(request.body.id);
    expectConsoleError(await c.call('GET', requestPath(request.body.id), { cookie: c.cookies.operator }), 404, 'DRAFT_NOT_FOUND');
    expectConsoleError(await c.call('DELETE', requestPath(request.body.id), { cookie: c.cookies.operator }), 404, 'DRAFT_NOT_FOUND');
    for (const role of ['viewer', 'sender'] as const)
      expectConsoleError(await c.call('GET', requestPath(), { cookie: c.cookies[role] }), 403, 'FORBIDDEN');
    expectConsoleError(await c.call('POST', requestPath(), { body: requestBody('x') }), 401, 'UNAUTHENTICATED');
  });

  it('refuses bad bodies with the field at fault, and keeps the draft as it was', async () => {
    const operator = c.cookies.operator;
    const made = await c.call('POST', requestPath(), { cookie: operator, body: requestBody('Kept') });
    const post = (b: unknown) => c.call('POST', requestPath(), { cookie: operator, body: b });
    expect(detailPaths(await post({ workflow_id: 'wf_expense' }))).toEqual(['values']);
    expect(detailPaths(await post(requestBody('x', { values: { ...requestValues('x'), release_id: 'wf_expense' } })))).toEqual([
      'values.release_id',
    ]);
    expect(detailPaths(await post(requestBody('x', { values: { ...requestValues('x'), submit: true } })))).toEqual(['values']);
    expectConsoleError(await post(requestBody('x'.repeat(300 * 1024))), 413, 'PAYLOAD_TOO_LARGE');
    const put = await c.call('PUT', requestPath(made.body.id), { cookie: operator, body: requestBody('Lost') });
    expect(detailPaths(put)).toEqual(['version']);
    expect((await c.call('GET', requestPath(made.body.id), { cookie: operator })).body).toMatchObject({ version: 1, label: 'Kept' });
  });
});
