import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startTestConsole, type ConsoleReply, type TestConsole } from '../console/harness';
import { apiId, expectConsoleError, idem, ndaBody } from '../console/console-fixtures';

// Issue 38, the first slice: two teams, a sender in each, a package, a batch and a recipient in
// each. Neither sender's lists, searches, detail reads, exports or counts show the other team's
// records, and a link to one answers exactly what a missing record answers. Before any team
// exists, the console behaves as before teams: every sender sees every package and the one book.

let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole();
});
afterAll(async () => c?.close());

type Sender = { id: string; cookie: string; tag: string };

async function newSender(tag: string): Promise<Sender> {
  const made = await c.call('POST', '/api/admin/users', {
    cookie: c.cookies.admin,
    body: { email: `${tag}@teams.test`, name: `Sender ${tag}`, password: PASSWORD, roles: ['sender'] },
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

let hr: Sender;
let legal: Sender;
let unowned: string;

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
  });
});

describe('two teams', () => {
  const records = {} as Record<'hr' | 'legal', { pkg: string; batch: string; recipient: string }>;
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
      records[s.tag as 'hr' | 'legal'] = { pkg, batch, recipient: entry.id };
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
});
