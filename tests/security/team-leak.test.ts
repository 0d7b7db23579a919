import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startTestConsole, type ConsoleReply, type TestConsole } from '../console/harness';
import { API_ROUTES } from '@/server/metrics/api-routes';
import { MISSING, TEAM_MATRIX, TEAM_PAGES, type Probe, type RecordKind } from './team-matrix';
import { accessRequest, apiId, expectConsoleError, idem, makePdf, ndaBody, uploadViaConsole } from '../console/console-fixtures';

// Issue 38: two teams, a sender (who also submits requests and uploads documents) in each, a
// package, a batch, a recipient, an approval request and a document in each. Neither sender's lists, searches, detail reads, exports or counts show the other team's
// records, and a link to one answers exactly what a missing record answers. Before any team
// exists, the console behaves as before teams: every sender sees every package and the one book.

let c: TestConsole;
beforeAll(async () => {
  // Home reads the API's lists (no watcher), fresh each time: a change at the sandbox shows at once.
  c = await startTestConsole({ env: { WATCHER_INTERVAL_SECONDS: '0', HOME_CACHE_SECONDS: '1' } });
});
afterAll(async () => c?.close());

type Sender = { id: string; cookie: string; tag: string };

async function newSender(tag: string): Promise<Sender> {
  const made = await c.call('POST', '/api/admin/users', {
    cookie: c.cookies.admin,
    body: { email: `${tag}@teams.test`, name: `Sender ${tag}`, password: PASSWORD, roles: ['sender', 'operator'] },
  });
  expect(made.status, made.bytes.toString('utf8').slice(0, 300)).toBe(200);
  const { cookie } = await c.signIn(`${tag}@teams.test`);
  if (!cookie) throw new Error(`sign-in of ${tag} failed`);
  return { id: made.body.id as string, cookie, tag };
}

/** A package sent by `s` to recipients only they send to (their tag is in every address and value). */
async function sendPackage(s: Sender, extra: Record<string, unknown> = {}) {
  const body = ndaBody({
    template_id: apiId('dst_nda'),
    sender_values: {
      counterparty_name: `Counterparty ${s.tag}`,
      effective_date: '2026-11-01',
      governing_law: 'England and Wales',
    },
    signers: [
      { slot_id: 'company_signer', name: `Signer ${s.tag}`, email: `signer-${s.tag}@example.com`, phone: '+14155550101' },
      { slot_id: 'counterparty_signer', name: `Other ${s.tag}`, email: `other-${s.tag}@example.org`, phone: '+442071234567' },
    ],
  });
  const preview = await c.call('POST', '/api/packages/preview', { cookie: s.cookie, body });
  expect(preview.status, preview.bytes.toString('utf8').slice(0, 300)).toBe(200);
  const sent = await c.call('POST', '/api/packages', {
    cookie: s.cookie,
    body: { template_id: body.template_id, preview_token: preview.body.preview_token, confirmed: true, ...extra },
    idempotencyKey: idem('send'),
  });
  return sent;
}

async function sentPackage(s: Sender) {
  const sent = await sendPackage(s);
  expect(sent.status, sent.bytes.toString('utf8').slice(0, 300)).toBe(200);
  return sent.body.id as string;
}

async function madeBatch(s: Sender) {
  const reply = await c.call('POST', '/api/bulk-batches', {
    cookie: s.cookie,
    body: {
      template_id: apiId('dst_nda'),
      name: `Batch ${s.tag}`,
      expires_in_days: '30',
      rows: [
        {
          line: 2,
          values: {
            sender_values: {
              counterparty_name: `Bulk ${s.tag}`,
              effective_date: '2027-01-15',
              governing_law: 'England and Wales',
            },
            signers: [
              { slot_id: 'company_signer', name: 'Ada Lovelace', email: 'ada@example.com', phone: '+14155550101' },
              {
                slot_id: 'counterparty_signer',
                name: `Bulk ${s.tag}`,
                email: `bulk-${s.tag}@example.org`,
                phone: '+442071234567',
              },
            ],
            expires_in_days: '',
            reference: `Bulk ${s.tag}`,
          },
        },
      ],
    },
    idempotencyKey: idem('bulk'),
  });
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  return reply.body.id as string;
}

/** The book's entries as `s` sees them, once the send's entries are in (the book is written after the answer). */
async function book(s: Sender, q?: string) {
  const reply = await c.call('GET', `/api/recipients?size=100${q ? `&q=${encodeURIComponent(q)}` : ''}`, { cookie: s.cookie });
  expect(reply.status).toBe(200);
  return reply.body as { data: { id: string; email: string }[]; pagination: { total: number } };
}
async function bookHolds(s: Sender, email: string) {
  for (let i = 0; i < 50; i++) {
    if ((await book(s)).data.some((r) => r.email === email)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${email} never reached the book of ${s.tag}`);
}

const packageIds = async (s: Sender, query = '') => {
  const reply = await c.call('GET', `/api/packages?size=100${query}`, { cookie: s.cookie });
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  return reply.body as { data: { id: string; console_record: unknown }[]; pagination: { total: number } };
};

/** An error body without its request id: what tells one refusal from another. */
const withoutRequestId = (reply: ConsoleReply) => {
  const { request_id: _id, ...error } = reply.body.error as Record<string, unknown>;
  return { status: reply.status, error };
};

/** The other team's record answers byte for byte what a record that does not exist answers. */
async function sameAsMissing(
  cookie: string,
  method: string,
  path: string,
  missingPath: string,
  body?: unknown,
  code = 'NOT_FOUND',
) {
  const theirs = await c.call(method, path, { cookie, body });
  const missing = await c.call(method, missingPath, { cookie, body });
  expectConsoleError(theirs, 404, code);
  expect(withoutRequestId(theirs)).toEqual(withoutRequestId(missing));
}

/** An approval request `s` submits from the console (for `teamId` when given). */
async function submitRequest(s: Sender, teamId?: string) {
  return c.call('POST', '/api/approval-requests', {
    cookie: s.cookie,
    body: { ...accessRequest({ external_id: `ACC-${s.tag}-${idem('x').slice(-6)}` }), ...(teamId ? { team_id: teamId } : {}) },
    idempotencyKey: idem('submit'),
  });
}
async function submittedRequest(s: Sender) {
  const reply = await submitRequest(s);
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  return { id: reply.body.id as string, external_id: reply.body.external_id as string };
}

async function uploadDocument(s: Sender, teamId?: string) {
  const pdf = await makePdf(1);
  return uploadViaConsole(c, pdf, { cookie: s.cookie, filename: `doc-${s.tag}.pdf`, ...(teamId ? { teamId } : {}) });
}
async function uploadedDocument(s: Sender) {
  const reply = await uploadDocument(s);
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  return reply.body.id as string;
}

const idsOf = (reply: ConsoleReply) => (reply.body.data as { id: string }[]).map((r) => r.id);
const revision = { expected_version: 1, expected_task_version: 1, form_data: { system: 'crm' } };

let hr: Sender;
let legal: Sender;
let unowned: string;
let unownedRequest: string;
let unownedDocument: string;

describe('before any team exists', () => {
  it('every sender sees every package, its record and the one book, as before teams', async () => {
    hr = await newSender('hr');
    legal = await newSender('legal');
    unowned = await sentPackage(hr);
    expect((await packageIds(legal)).data.map((p) => p.id)).toContain(unowned);
    const read = await c.call('GET', `/api/packages/${unowned}`, { cookie: legal.cookie });
    expect(read.status).toBe(200);
    expect(read.body.console_record).not.toBeNull();
    expect((await c.call('GET', `/api/packages/${unowned}/sending-record`, { cookie: legal.cookie })).status).toBe(200);
    await bookHolds(legal, 'other-hr@example.org');
    unownedRequest = (await submittedRequest(hr)).id;
    unownedDocument = await uploadedDocument(hr);
    expect(idsOf(await c.call('GET', '/api/approval-requests?size=100', { cookie: legal.cookie }))).toContain(unownedRequest);
    expect((await c.call('GET', `/api/documents/${unownedDocument}`, { cookie: legal.cookie })).status).toBe(200);
  });
});

describe('two teams', () => {
  const records = {} as Record<
    'hr' | 'legal',
    { pkg: string; batch: string; recipient: string; request: { id: string; external_id: string }; document: string }
  >;
  const teamIds = {} as Record<'hr' | 'legal', string>;

  beforeAll(async () => {
    for (const [s, name] of [
      [hr, 'HR'],
      [legal, 'Legal'],
    ] as const) {
      const team = await c.call('POST', '/api/admin/teams', { cookie: c.cookies.admin, body: { name } });
      expect(team.status, team.bytes.toString('utf8').slice(0, 300)).toBe(200);
      teamIds[s.tag as 'hr' | 'legal'] = team.body.id as string;
      const added = await c.call('POST', `/api/admin/teams/${team.body.id}/members`, {
        cookie: c.cookies.admin,
        body: { user_id: s.id },
      });
      expect(added.status, added.bytes.toString('utf8').slice(0, 300)).toBe(200);
    }
    for (const s of [hr, legal]) {
      const pkg = await sentPackage(s);
      const batch = await madeBatch(s);
      await bookHolds(s, `other-${s.tag}@example.org`);
      const entry = (await book(s, `other-${s.tag}@`)).data[0]!;
      const request = await submittedRequest(s);
      const document = await uploadedDocument(s);
      records[s.tag as 'hr' | 'legal'] = { pkg, batch, recipient: entry.id, request, document };
    }
  });

  const pairs = () =>
    [
      [hr, legal],
      [legal, hr],
    ] as const;

  it('lists and their counts hold only the reader’s team’s packages', async () => {
    for (const [me, other] of pairs()) {
      const list = await packageIds(me);
      const ids = list.data.map((p) => p.id);
      expect(ids).toContain(records[me.tag as 'hr'].pkg);
      expect(ids).not.toContain(records[other.tag as 'hr'].pkg);
      // Made before teams: no team's, so no sender's.
      expect(ids).not.toContain(unowned);
      expect(list.pagination.total).toBe(ids.length);
      const search = await packageIds(me, `&q=${encodeURIComponent(`Counterparty ${other.tag}`)}`);
      expect(search.data.map((p) => p.id)).toEqual([]);
      expect(search.pagination.total).toBe(0);
    }
  });

  it('a package, its sending record and its batch of the other team answer as missing ones do', async () => {
    for (const [me, other] of pairs()) {
      const theirs = records[other.tag as 'hr'];
      await sameAsMissing(me.cookie, 'GET', `/api/packages/${theirs.pkg}`, '/api/packages/pkg_nosuchpackage0');
      await sameAsMissing(me.cookie, 'GET', `/api/packages/${unowned}`, '/api/packages/pkg_nosuchpackage0');
      await sameAsMissing(
        me.cookie,
        'GET',
        `/api/packages/${theirs.pkg}/sending-record`,
        '/api/packages/pkg_nosuchpackage0/sending-record',
      );
      await sameAsMissing(me.cookie, 'GET', `/api/bulk-batches/${theirs.batch}`, '/api/bulk-batches/blk_nosuchbatch00');
      await sameAsMissing(
        me.cookie,
        'GET',
        `/api/bulk-batches/${theirs.batch}/export`,
        '/api/bulk-batches/blk_nosuchbatch00/export',
      );
      const mine = await c.call('GET', `/api/packages/${records[me.tag as 'hr'].pkg}`, { cookie: me.cookie });
      expect(mine.status).toBe(200);
      expect(mine.body.console_record).not.toBeNull();
    }
  });

  it('a batch is read by another member of its team and by admins, and changed by its maker alone', async () => {
    const colleague = await newSender('hr-colleague');
    const added = await c.call('POST', `/api/admin/teams/${teamIds.hr}/members`, {
      cookie: c.cookies.admin,
      body: { user_id: colleague.id },
    });
    expect(added.status).toBe(200);
    const id = records.hr.batch;
    for (const cookie of [colleague.cookie, c.cookies.admin]) {
      const read = await c.call('GET', `/api/bulk-batches/${id}`, { cookie });
      expect(read.status, read.bytes.toString('utf8').slice(0, 300)).toBe(200);
      expect(read.body.owner).toEqual({ mine: false, name: 'Sender hr' });
    }
    const onRow = { cookie: colleague.cookie, body: { skipped: true } };
    await sameAsMissing(
      colleague.cookie,
      'POST',
      `/api/bulk-batches/${id}/rows/0/skip`,
      '/api/bulk-batches/blk_nosuchbatch00/rows/0/skip',
      onRow.body,
    );
    expect((await c.call('GET', `/api/bulk-batches/${id}`, { cookie: hr.cookie })).body.rows[0].state).toBe('to_review');
    // Their own list is their own batches: a colleague's is read by its link, from its packages and Home.
    const list = await c.call('GET', '/api/bulk-batches', { cookie: colleague.cookie });
    expect((list.body.data as { id: string }[]).map((b) => b.id)).not.toContain(id);
  });

  it('batch lists hold only the reader’s own team’s batches', async () => {
    for (const [me, other] of pairs()) {
      const reply = await c.call('GET', '/api/bulk-batches', { cookie: me.cookie });
      const ids = (reply.body.data as { id: string }[]).map((b) => b.id);
      expect(ids).toContain(records[me.tag as 'hr'].batch);
      expect(ids).not.toContain(records[other.tag as 'hr'].batch);
    }
  });

  it('the recipient book, its search, its counts and its export hold only the reader’s team’s entries', async () => {
    for (const [me, other] of pairs()) {
      const all = await book(me);
      const emails = all.data.map((r) => r.email);
      expect(emails).toContain(`other-${me.tag}@example.org`);
      expect(emails.filter((e) => e.includes(`-${other.tag}@`))).toEqual([]);
      expect(all.pagination.total).toBe(all.data.length);
      expect((await book(me, `other-${other.tag}@`)).pagination.total).toBe(0);
      const csv = await c.call('GET', '/api/recipients/export', { cookie: me.cookie });
      expect(csv.status).toBe(200);
      expect(csv.bytes.toString('utf8')).toContain(`other-${me.tag}@example.org`);
      expect(csv.bytes.toString('utf8')).not.toContain(`-${other.tag}@`);
      const theirs = records[other.tag as 'hr'].recipient;
      await sameAsMissing(
        me.cookie,
        'DELETE',
        `/api/recipients/${theirs}`,
        '/api/recipients/rcp_nosuchentry000',
        { version: 1 },
        'RECIPIENT_NOT_FOUND',
      );
      await sameAsMissing(
        me.cookie,
        'PATCH',
        `/api/recipients/${theirs}`,
        '/api/recipients/rcp_nosuchentry000',
        {
          name: 'Taken over',
          email: `taken-${me.tag}@example.org`,
          phone: '+442071234567',
          version: 1,
        },
        'RECIPIENT_NOT_FOUND',
      );
    }
  });

  it('the packages export holds only the reader’s team’s packages', async () => {
    for (const [me, other] of pairs()) {
      const csv = await c.call('GET', '/api/packages/export', { cookie: me.cookie });
      expect(csv.status).toBe(200);
      const text = csv.bytes.toString('utf8');
      expect(text).toContain(records[me.tag as 'hr'].pkg);
      expect(text).not.toContain(records[other.tag as 'hr'].pkg);
      expect(text).not.toContain(unowned);
    }
  });

  it('an admin sees every team’s records and those of no team', async () => {
    const ids = (await packageIds({ id: '', cookie: c.cookies.admin, tag: 'admin' })).data.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([records.hr.pkg, records.legal.pkg, unowned]));
    const emails = (await book({ id: '', cookie: c.cookies.admin, tag: 'admin' })).data.map((r) => r.email);
    expect(emails).toEqual(expect.arrayContaining(['other-hr@example.org', 'other-legal@example.org']));
  });

  it('a send for a team that is not the sender’s is refused before anything is sent', async () => {
    const teams = await c.call('GET', '/api/admin/teams', { cookie: c.cookies.admin });
    const legalTeam = (teams.body.data as { id: string; name: string }[]).find((t) => t.name === 'Legal')!;
    const before = (await packageIds({ id: '', cookie: c.cookies.admin, tag: 'admin' })).pagination.total;
    const refused = await sendPackage(hr, { team_id: legalTeam.id });
    const error = expectConsoleError(refused, 422, 'TEAM_NOT_YOURS');
    expect(error.details?.map((d) => d.path)).toEqual(['team_id']);
    expect((await packageIds({ id: '', cookie: c.cookies.admin, tag: 'admin' })).pagination.total).toBe(before);
  });
  it('approval request lists, searches, counts and exports hold only the reader’s team’s requests', async () => {
    for (const [me, other] of pairs()) {
      const mine = records[me.tag as 'hr'].request;
      const theirs = records[other.tag as 'hr'].request;
      const list = await c.call('GET', '/api/approval-requests?size=100', { cookie: me.cookie });
      expect(list.status, list.bytes.toString('utf8').slice(0, 300)).toBe(200);
      const ids = idsOf(list);
      expect(ids).toContain(mine.id);
      expect(ids).not.toContain(theirs.id);
      // Submitted before teams: no team's, so no one's but an admin's.
      expect(ids).not.toContain(unownedRequest);
      expect((list.body.pagination as { total: number }).total).toBe(ids.length);
      const search = await c.call('GET', `/api/approval-requests?q=${encodeURIComponent(theirs.external_id)}`, {
        cookie: me.cookie,
      });
      expect(idsOf(search)).toEqual([]);
      expect((search.body.pagination as { total: number }).total).toBe(0);
      const ranged = await c.call('GET', '/api/approval-requests?size=100&sent_from=2000-01-01', { cookie: me.cookie });
      expect(idsOf(ranged)).not.toContain(theirs.id);
      const csv = await c.call('GET', '/api/approval-requests/export', { cookie: me.cookie });
      expect(csv.status).toBe(200);
      expect(csv.bytes.toString('utf8')).toContain(mine.id);
      expect(csv.bytes.toString('utf8')).not.toContain(theirs.id);
      expect(csv.bytes.toString('utf8')).not.toContain(unownedRequest);
    }
  });

  it('another team’s approval request, its revision and a resubmission answer as a missing one does', async () => {
    for (const [me, other] of pairs()) {
      for (const theirs of [records[other.tag as 'hr'].request.id, unownedRequest]) {
        await sameAsMissing(me.cookie, 'GET', `/api/approval-requests/${theirs}`, '/api/approval-requests/apr_nosuchrequest0');
        await sameAsMissing(
          me.cookie,
          'GET',
          `/api/approval-requests/${theirs}/revision-requirements`,
          '/api/approval-requests/apr_nosuchrequest0/revision-requirements',
        );
        for (const [method, tail] of [
          ['PATCH', 'revision-draft'],
          ['POST', 'resubmit'],
        ] as const) {
          const theirsReply = await c.call(method, `/api/approval-requests/${theirs}/${tail}`, {
            cookie: me.cookie,
            body: revision,
            idempotencyKey: idem('rev'),
          });
          const missing = await c.call(method, `/api/approval-requests/apr_nosuchrequest0/${tail}`, {
            cookie: me.cookie,
            body: revision,
            idempotencyKey: idem('rev'),
          });
          expectConsoleError(theirsReply, 404, 'NOT_FOUND');
          expect(withoutRequestId(theirsReply)).toEqual(withoutRequestId(missing));
        }
      }
      const mine = await c.call('GET', `/api/approval-requests/${records[me.tag as 'hr'].request.id}`, { cookie: me.cookie });
      expect(mine.status).toBe(200);
    }
  });

  it('a request submitted for a team not the submitter’s is refused before the API hears of it', async () => {
    const teams = await c.call('GET', '/api/admin/teams', { cookie: c.cookies.admin });
    const legalTeam = (teams.body.data as { id: string; name: string }[]).find((t) => t.name === 'Legal')!;
    const before = (await c.call('GET', '/api/approval-requests?size=1', { cookie: c.cookies.admin })).body.pagination;
    const refused = await submitRequest(hr, legalTeam.id);
    expect(expectConsoleError(refused, 422, 'TEAM_NOT_YOURS').details?.map((d) => d.path)).toEqual(['team_id']);
    const after = (await c.call('GET', '/api/approval-requests?size=1', { cookie: c.cookies.admin })).body.pagination;
    expect(after).toEqual(before);
  });

  it('a request cannot attach another team’s document (or one of no team): refused as a missing one is', async () => {
    const expense = (documentId: string) => ({
      workflow_id: apiId('wf_expense'),
      workflow_release_id: apiId('wf_expense@2'),
      external_id: `EXP-${idem('x')}`,
      form_data: {
        amount: 42.5,
        currency: 'EUR',
        description: 'Taxi to the airport',
        cost_center: 'CC-1001',
        expense_date: '2030-03-14',
      },
      documents: [{ document_id: documentId, field_key: 'receipt', name: 'Taxi receipt' }],
      submit: true,
    });
    const submit = (s: Sender, documentId: string) =>
      c.call('POST', '/api/approval-requests', { cookie: s.cookie, body: expense(documentId), idempotencyKey: idem('submit') });
    for (const [me, other] of pairs()) {
      const missing = await submit(me, 'doc_nosuchdocument0');
      expect(missing.status).toBe(422);
      for (const theirs of [records[other.tag as 'hr'].document, unownedDocument]) {
        const refused = await submit(me, theirs);
        expect(refused.status, refused.bytes.toString('utf8').slice(0, 300)).toBe(422);
        expect(withoutRequestId(refused)).toEqual(withoutRequestId(missing));
      }
      const mine = await submit(me, records[me.tag as 'hr'].document);
      expect(mine.status, mine.bytes.toString('utf8').slice(0, 300)).toBe(200);
    }
  });

  it('document lists and counts hold only the reader’s team’s documents', async () => {
    for (const [me, other] of pairs()) {
      const list = await c.call('GET', '/api/documents?size=100', { cookie: me.cookie });
      expect(list.status, list.bytes.toString('utf8').slice(0, 300)).toBe(200);
      const ids = idsOf(list);
      expect(ids).toContain(records[me.tag as 'hr'].document);
      expect(ids).not.toContain(records[other.tag as 'hr'].document);
      expect(ids).not.toContain(unownedDocument);
      expect((list.body.pagination as { total: number }).total).toBe(ids.length);
      const search = await c.call('GET', `/api/documents?q=${encodeURIComponent(`doc-${other.tag}`)}`, { cookie: me.cookie });
      expect(idsOf(search)).toEqual([]);
      expect((search.body.pagination as { total: number }).total).toBe(0);
    }
  });

  it('another team’s document, its PDF, editor and templates answer as a missing one does', async () => {
    for (const [me, other] of pairs()) {
      for (const theirs of [records[other.tag as 'hr'].document, unownedDocument]) {
        const missing = 'doc_nosuchdocument0';
        await sameAsMissing(me.cookie, 'GET', `/api/documents/${theirs}`, `/api/documents/${missing}`);
        await sameAsMissing(me.cookie, 'POST', `/api/documents/${theirs}/content`, `/api/documents/${missing}/content`);
        await sameAsMissing(me.cookie, 'GET', `/api/documents/${theirs}/templates`, `/api/documents/${missing}/templates`);
        await sameAsMissing(me.cookie, 'GET', `/api/documents/${theirs}/editor`, `/api/documents/${missing}/editor`);
        await sameAsMissing(me.cookie, 'POST', `/api/documents/${theirs}/editor`, `/api/documents/${missing}/editor`, {});
        await sameAsMissing(
          me.cookie,
          'GET',
          `/api/documents/${theirs}/editor/document`,
          `/api/documents/${missing}/editor/document`,
        );
        for (const [path, body] of [
          ['', { reason: 'Not ours to keep' }],
          ['/editor/commands', { type: 'COMPLETE', expectedVersion: 1 }],
        ] as const) {
          const method = path ? 'POST' : 'DELETE';
          const theirsReply = await c.call(method, `/api/documents/${theirs}${path}`, {
            cookie: me.cookie,
            body,
            idempotencyKey: idem('d'),
          });
          const missingReply = await c.call(method, `/api/documents/${missing}${path}`, {
            cookie: me.cookie,
            body,
            idempotencyKey: idem('d'),
          });
          expectConsoleError(theirsReply, 404, 'NOT_FOUND');
          expect(withoutRequestId(theirsReply)).toEqual(withoutRequestId(missingReply));
        }
      }
      expect((await c.call('GET', `/api/documents/${records[me.tag as 'hr'].document}`, { cookie: me.cookie })).status).toBe(200);
    }
  });

  it('a document uploaded for a team not the uploader’s is refused, and nothing is sent', async () => {
    const teams = await c.call('GET', '/api/admin/teams', { cookie: c.cookies.admin });
    const legalTeam = (teams.body.data as { id: string; name: string }[]).find((t) => t.name === 'Legal')!;
    const before = (await c.call('GET', '/api/documents?size=1', { cookie: c.cookies.admin })).body.pagination;
    const refused = await uploadDocument(hr, legalTeam.id);
    expect(expectConsoleError(refused, 422, 'TEAM_NOT_YOURS').details?.map((d) => d.path)).toEqual(['team_id']);
    expect((await c.call('GET', '/api/documents?size=1', { cookie: c.cookies.admin })).body.pagination).toEqual(before);
  });

  it('an admin sees every team’s requests and documents and those of no team', async () => {
    const requests = idsOf(await c.call('GET', '/api/approval-requests?size=100', { cookie: c.cookies.admin }));
    expect(requests).toEqual(expect.arrayContaining([records.hr.request.id, records.legal.request.id, unownedRequest]));
    const documents = idsOf(await c.call('GET', '/api/documents?size=100', { cookie: c.cookies.admin }));
    expect(documents).toEqual(expect.arrayContaining([records.hr.document, records.legal.document, unownedDocument]));
  });

  it('Home and its badge hold only the reader’s team’s records', async () => {
    // A reviewer asks for changes to every team's request (and the one of no team): each lands in
    // "Needs you" for whoever may revise it and sees it, and counts in the header's badge.
    for (const id of [records.hr.request.id, records.legal.request.id, unownedRequest]) {
      const asked = await c.sandbox.control(`/approval-requests/${id}/actions`, {
        action: 'request_revision',
        comment: 'Almost there',
        requirements: [{ message: 'Say which CRM module you need' }],
      });
      expect(asked.status).toBe(200);
    }
    type Home = { needs_you: number; sections: { id: string; rows: { key: string; href: string }[] }[] };
    const home = async (cookie: string) => {
      const reply = await c.call('GET', '/api/home', { cookie });
      expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
      const body = reply.body as Home;
      const revisions = body.sections.find((s) => s.id === 'needs_you')!.rows.filter((r) => r.key.startsWith('request:'));
      // "Went wrong" is the reader's own failed attempts, with the ids they typed: this file's probes of
      // the other team's records among them. Every other section is what the console shows them.
      const shown = body.sections.filter((s) => s.id !== 'went_wrong');
      return { text: JSON.stringify(shown), badge: body.needs_you, revisions: revisions.map((r) => r.key.slice(8)) };
    };
    const admin = await home(c.cookies.admin);
    expect(admin.revisions).toEqual(expect.arrayContaining([records.hr.request.id, records.legal.request.id, unownedRequest]));
    for (const [me, other] of pairs()) {
      const mine = await home(me.cookie);
      expect(mine.revisions).toEqual([records[me.tag as 'hr'].request.id]);
      expect(mine.badge).toBeLessThanOrEqual(admin.badge - 2);
      const theirs = records[other.tag as 'hr'];
      for (const id of [theirs.pkg, theirs.request.id, theirs.document, unowned, unownedRequest, unownedDocument])
        expect(mine.text).not.toContain(id);
    }
  });

  it('a notification about a record the person no longer sees is neither shown nor counted', async () => {
    // Told while hr could see them (before teams, or in a team since left): one of theirs, one of Legal's.
    const file = new Database(join(c.dataDir, 'console.db'));
    try {
      const insert = file.prepare(
        `INSERT INTO notifications (id, user_id, kind, subject_type, subject_id, title, body, href, created_at, read_at, event_key)
         VALUES (?, ?, 'package_completed', ?, ?, ?, 'Signed by everyone.', ?, ?, NULL, ?)`,
      );
      const at = new Date().toISOString();
      for (const [tag, kind, id] of [
        ['hr', 'package', records.hr.pkg],
        ['legal', 'package', records.legal.pkg],
        ['legal', 'approval_request', records.legal.request.id],
        ['none', 'package', unowned],
      ] as const)
        insert.run(`ntf_${tag}_${kind}`, hr.id, kind, id, `About ${id}`, `/x/${id}`, at, `test:${tag}:${kind}`);
    } finally {
      file.close();
    }
    const bell = await c.call('GET', '/api/notifications', { cookie: hr.cookie });
    expect(bell.status).toBe(200);
    const subjects = (bell.body.data as { subject_id: string }[]).map((n) => n.subject_id);
    expect(subjects).toContain(records.hr.pkg);
    expect(subjects).not.toContain(records.legal.pkg);
    expect(subjects).not.toContain(records.legal.request.id);
    expect(subjects).not.toContain(unowned);
    expect(bell.body.unread).toBe(1);
  });

  it('the audit log filters by team: its changes, memberships and the records made for it', async () => {
    for (const tag of ['hr', 'legal'] as const) {
      const reply = await c.call('GET', `/api/admin/audit?size=100&team=${teamIds[tag]}`, { cookie: c.cookies.admin });
      expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
      const rows = reply.body.data as { operation: string; target_id: string | null; team_id: string | null }[];
      expect(rows.every((r) => r.team_id === teamIds[tag])).toBe(true);
      const ops = rows.map((r) => `${r.operation} ${r.target_id}`);
      expect(ops).toEqual(
        expect.arrayContaining([
          `team.create ${teamIds[tag]}`,
          `team.member_add ${teamIds[tag]}`,
          `package.send ${records[tag].pkg}`,
          `approval_request.submit ${records[tag].request.id}`,
          `document.upload ${records[tag].document}`,
        ]),
      );
      const other = records[tag === 'hr' ? 'legal' : 'hr'];
      expect(ops.some((o) => o.includes(other.pkg) || o.includes(other.request.id))).toBe(false);
      const csv = await c.call('GET', `/api/admin/audit/export?team=${teamIds[tag]}`, { cookie: c.cookies.admin });
      expect(csv.status).toBe(200);
      expect(csv.bytes.toString('utf8')).toContain(records[tag].pkg);
      expect(csv.bytes.toString('utf8')).not.toContain(other.pkg);
    }
  });

  it('an admin filters packages and requests by team, or to those of no team; a team filter never widens', async () => {
    const list = async (cookie: string, path: string) => {
      const reply = await c.call('GET', path, { cookie });
      expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
      return { ids: idsOf(reply), total: (reply.body.pagination as { total: number }).total };
    };
    for (const tag of ['hr', 'legal'] as const) {
      const other = records[tag === 'hr' ? 'legal' : 'hr'];
      const packages = await list(c.cookies.admin, `/api/packages?size=100&team=${teamIds[tag]}`);
      expect(packages.ids).toContain(records[tag].pkg);
      expect(packages.ids).not.toContain(other.pkg);
      expect(packages.ids).not.toContain(unowned);
      expect(packages.total).toBe(packages.ids.length);
      const requests = await list(c.cookies.admin, `/api/approval-requests?size=100&team=${teamIds[tag]}`);
      expect(requests.ids).toContain(records[tag].request.id);
      expect(requests.ids).not.toContain(other.request.id);
      expect(requests.ids).not.toContain(unownedRequest);
      expect(requests.total).toBe(requests.ids.length);
      const csv = await c.call('GET', `/api/packages/export?team=${teamIds[tag]}`, { cookie: c.cookies.admin });
      expect(csv.bytes.toString('utf8')).toContain(records[tag].pkg);
      expect(csv.bytes.toString('utf8')).not.toContain(other.pkg);
    }
    const none = await list(c.cookies.admin, '/api/packages?size=100&team=none');
    expect(none.ids).toContain(unowned);
    expect(none.ids).not.toEqual(expect.arrayContaining([records.hr.pkg]));
    expect(none.ids).not.toContain(records.legal.pkg);
    expect((await list(c.cookies.admin, '/api/approval-requests?size=100&team=none')).ids).toEqual([unownedRequest]);
    // HR's sender asking for Legal's, or for those of no team, gets nothing.
    expect((await list(hr.cookie, `/api/packages?size=100&team=${teamIds.legal}`)).total).toBe(0);
    expect((await list(hr.cookie, '/api/packages?size=100&team=none')).total).toBe(0);
    expect((await list(hr.cookie, `/api/approval-requests?size=100&team=${teamIds.legal}`)).total).toBe(0);
    const batches = async (team: string) => idsOf(await c.call('GET', `/api/bulk-batches?team=${team}`, { cookie: hr.cookie }));
    expect(await batches(teamIds.legal)).toEqual([]);
    expect(await batches(teamIds.hr)).toEqual([records.hr.batch]);
    expectConsoleError(await c.call('GET', '/api/packages?team=everyone', { cookie: c.cookies.admin }), 422, 'VALIDATION_FAILED');
  });

  describe('leak matrix: every route, a member of each role in each team', () => {
    type Member = { tag: 'hr' | 'legal'; role: string; cookie: string; id: string };
    const members: Member[] = [];
    const other = (tag: 'hr' | 'legal') => (tag === 'hr' ? 'legal' : 'hr');

    beforeAll(async () => {
      for (const tag of ['hr', 'legal'] as const) {
        members.push({
          tag,
          role: 'sender+operator',
          cookie: (tag === 'hr' ? hr : legal).cookie,
          id: (tag === 'hr' ? hr : legal).id,
        });
        for (const role of ['viewer', 'operator', 'sender'] as const) {
          const email = `${role}-${tag}@teams.test`;
          const made = await c.call('POST', '/api/admin/users', {
            cookie: c.cookies.admin,
            body: { email, name: `${role} ${tag}`, password: PASSWORD, roles: [role] },
          });
          expect(made.status, made.bytes.toString('utf8').slice(0, 300)).toBe(200);
          const added = await c.call('POST', `/api/admin/teams/${teamIds[tag]}/members`, {
            cookie: c.cookies.admin,
            body: { user_id: made.body.id },
          });
          expect(added.status).toBe(200);
          const { cookie } = await c.signIn(email);
          members.push({ tag, role, cookie: cookie!, id: made.body.id as string });
        }
      }
      // Each member was told about the other team's package, request and batch (before a move, say).
      const file = new Database(join(c.dataDir, 'console.db'));
      try {
        const insert = file.prepare(
          `INSERT INTO notifications (id, user_id, kind, subject_type, subject_id, title, body, href, created_at, read_at, event_key)
           VALUES (?, ?, 'package_completed', ?, ?, ?, 'Told before.', ?, ?, NULL, ?)`,
        );
        const at = new Date().toISOString();
        for (const m of members) {
          const theirs = records[other(m.tag)];
          for (const [kind, id] of [
            ['package', theirs.pkg],
            ['approval_request', theirs.request.id],
            ['bulk_batch', theirs.batch],
          ] as const)
            insert.run(`ntf_m_${m.id}_${kind}`, m.id, kind, id, `About ${id}`, `/x/${id}`, at, `matrix:${m.id}:${kind}`);
        }
      } finally {
        file.close();
      }
    });

    it('has an entry for every console API route', () => {
      expect(Object.keys(TEAM_MATRIX).sort()).toEqual([...API_ROUTES].sort());
    });

    it('no member of either team sees, counts or can tell apart a record of the other team (or of no team)', async () => {
      const failures: string[] = [];
      const fill = (path: string, tag: 'hr' | 'legal', id = '') =>
        path
          .replace('{id}', id)
          .replace('{external_id}', encodeURIComponent(records[tag].request.external_id))
          .replace('{counterparty}', encodeURIComponent(`Counterparty ${tag}`))
          .replace('{document_name}', encodeURIComponent(`doc-${tag}`))
          .replace('{email}', encodeURIComponent(`other-${tag}@`))
          .replace('{team}', teamIds[tag]);
      const call = (m: Member, probe: Probe, path: string) =>
        c.call(probe.method, path, {
          cookie: m.cookie,
          body: probe.body,
          idempotencyKey: probe.method === 'GET' ? undefined : idem('mx'),
        });
      /** What a member is shown: Home's "went wrong" is their own failed attempts (this matrix's probes among them). */
      const shownText = (reply: ConsoleReply, shown?: 'home') => {
        if (shown !== 'home' || reply.status !== 200) return reply.bytes.toString('utf8');
        const body = reply.body as { sections: { id: string }[] };
        return JSON.stringify({ ...body, sections: body.sections.filter((s) => s.id !== 'went_wrong') });
      };
      const markersOf = (tag: 'hr' | 'legal') => {
        const r = records[tag];
        return [
          r.pkg,
          r.batch,
          r.recipient,
          r.request.id,
          r.document,
          `-${tag}@`,
          `Counterparty ${tag}`,
          `ACC-${tag}-`,
          `doc-${tag}.pdf`,
          `Batch ${tag}`,
          `Bulk ${tag}`,
        ];
      };
      const noTeamIds: Partial<Record<RecordKind, string>> = {
        package: unowned,
        request: unownedRequest,
        document: unownedDocument,
      };
      const idOf = (tag: 'hr' | 'legal', kind: RecordKind) =>
        ({
          package: records[tag].pkg,
          batch: records[tag].batch,
          recipient: records[tag].recipient,
          request: records[tag].request.id,
          document: records[tag].document,
        })[kind];
      let checks = 0;
      for (const m of members) {
        const theirTag = other(m.tag);
        const who = `${m.role} of ${m.tag}`;
        for (const [route, entry] of Object.entries(TEAM_MATRIX)) {
          if (entry.kind === 'none') continue;
          for (const probe of entry.probes) {
            if (entry.kind === 'list') {
              const path = fill(probe.path, theirTag);
              const reply = await call(m, probe, path);
              checks++;
              const text = shownText(reply, entry.shown);
              for (const marker of [...markersOf(theirTag), unowned, unownedRequest, unownedDocument])
                if (text.includes(marker)) failures.push(`${who}: ${probe.method} ${path} shows ${marker}`);
              const page =
                reply.status === 200 && reply.body && typeof reply.body === 'object'
                  ? (reply.body as { data?: unknown[]; pagination?: { total: number; pages: number } })
                  : null;
              if (page?.pagination && page.data && page.pagination.pages <= 1 && page.pagination.total !== page.data.length)
                failures.push(`${who}: ${probe.method} ${path} counts ${page.pagination.total} for ${page.data.length} rows`);
            } else if (entry.kind === 'admin') {
              const reply = await call(m, probe, probe.path);
              checks++;
              if (reply.status !== 403) failures.push(`${who}: ${probe.method} ${probe.path} answered ${reply.status}, not 403`);
            } else {
              const theirs = [idOf(theirTag, entry.record), noTeamIds[entry.record]].filter((id): id is string => Boolean(id));
              for (const id of theirs) {
                const path = fill(probe.path, theirTag, id);
                const [got, missing] = [
                  await call(m, probe, path),
                  await call(m, probe, fill(probe.path, theirTag, MISSING[entry.record])),
                ];
                checks++;
                if (missing.status === 422 && (missing.body.error as { code?: string })?.code === 'VALIDATION_FAILED')
                  failures.push(`${route}: the probe's body is refused before the record is looked for`);
                else if (got.status === 200 || missing.status === 200)
                  failures.push(`${who}: ${probe.method} ${path} answered ${got.status} (a missing one ${missing.status})`);
                else if (JSON.stringify(withoutRequestId(got)) !== JSON.stringify(withoutRequestId(missing)))
                  failures.push(
                    `${who}: ${probe.method} ${path} answered ${got.status} ${got.bytes.toString('utf8').slice(0, 160)}, a missing one ${missing.status} ${missing.bytes.toString('utf8').slice(0, 160)}`,
                  );
              }
            }
          }
        }
      }
      // The pages of one record: as a missing one's, with nothing of the other team's but the id asked for.
      for (const m of members) {
        const theirTag = other(m.tag);
        for (const page of TEAM_PAGES) {
          const theirs = [idOf(theirTag, page.record), noTeamIds[page.record]].filter((id): id is string => Boolean(id));
          for (const id of theirs) {
            const path = page.path.replace('{id}', id);
            const [got, missing] = [
              await c.call('GET', path, { cookie: m.cookie }),
              await c.call('GET', page.path.replace('{id}', MISSING[page.record]), { cookie: m.cookie }),
            ];
            checks++;
            if (got.status !== missing.status)
              failures.push(`${m.role} of ${m.tag}: page ${path} answered ${got.status}, a missing one ${missing.status}`);
            const html = got.bytes.toString('utf8');
            for (const marker of markersOf(theirTag).filter((x) => x !== id))
              if (html.includes(marker)) failures.push(`${m.role} of ${m.tag}: page ${path} shows ${marker}`);
          }
        }
      }
      expect(failures).toEqual([]);
      // Every member, every entry's every probe: the matrix ran whole.
      expect(checks).toBeGreaterThan(members.length * 40);
    });
  });

  // Last: it moves the package of no team into HR.
  it('an admin assigns a sender’s past packages of no team to a team in one step, audited under the team', async () => {
    const path = `/api/admin/teams/${teamIds.hr}/assign-packages`;
    expectConsoleError(await c.call('POST', path, { cookie: hr.cookie, body: { user_id: hr.id } }), 403, 'FORBIDDEN');
    expectConsoleError(
      await c.call('POST', path, { cookie: c.cookies.admin, body: { user_id: 'usr_nobody' } }),
      404,
      'USER_NOT_FOUND',
    );
    expect((await packageIds(hr)).data.map((p) => p.id)).not.toContain(unowned);
    const assigned = await c.call('POST', path, { cookie: c.cookies.admin, body: { user_id: hr.id } });
    expect(assigned.status, assigned.bytes.toString('utf8').slice(0, 300)).toBe(200);
    expect(assigned.body).toMatchObject({ team_id: teamIds.hr, user_id: hr.id, packages: 1 });
    expect((await packageIds(hr)).data.map((p) => p.id)).toContain(unowned);
    expect((await packageIds(legal)).data.map((p) => p.id)).not.toContain(unowned);
    // Once is enough: nothing of no team is left to move, and a package of a team keeps it.
    const again = await c.call('POST', path, { cookie: c.cookies.admin, body: { user_id: hr.id } });
    expect(again.body).toMatchObject({ packages: 0, batches: 0 });
    const audit = await c.call('GET', `/api/admin/audit?team=${teamIds.hr}&operation=team.assign_packages&outcome=success`, {
      cookie: c.cookies.admin,
    });
    const rows = audit.body.data as { target_id: string; team_id: string; details: string }[];
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => JSON.parse(r.details) as { user_id: string; packages: number })).toEqual([
      { user_id: hr.id, packages: 0, batches: 0 },
      { user_id: hr.id, packages: 1, batches: 0 },
    ]);
  });
});
