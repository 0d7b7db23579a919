import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recipient } from '@/lib/recipients/schemas';
import { readLog, startTestConsole, type TestConsole } from './harness';
import { arrivals, auditOf, expectConsoleError, idem, ndaBody, previewViaConsole, sendViaConsole } from './console-fixtures';

// The recipient book over HTTP: filled by real sends through the sandbox, edited, deleted and
// imported through the console's routes, senders' alone. Entries carry this run's tag, so the
// suite's searches see only its own.

let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole();
});
afterAll(async () => c?.close());

const tag = randomBytes(4).toString('hex');
const address = (who: string) => `${who}.${tag}@example.com`;
const book = async (q = tag, cookie = c.cookies.sender): Promise<Recipient[]> => {
  const reply = await c.call('GET', `/api/recipients?q=${encodeURIComponent(q)}&size=100`, { cookie });
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  return reply.body.data as Recipient[];
};
const entry = async (email: string) => (await book(email)).find((r) => r.email.toLowerCase() === email.toLowerCase());
/** The book is written beside the send's answer, not before it: wait until it shows what is expected. */
const eventually = (check: () => Promise<void>) =>
  expect
    .poll(
      async () =>
        check().then(
          () => true,
          (e: unknown) => String(e),
        ),
      { timeout: 10_000 },
    )
    .toBe(true);

/** A real preview and send of the NDA to these two signers; answers the package id. */
async function send(company: [string, string, string], counterparty: [string, string, string], key = idem('send')) {
  const [a, b] = [company, counterparty].map(([name, email, phone]) => ({ name, email, phone }));
  const preview = await previewViaConsole(
    c,
    c.cookies.sender,
    ndaBody({
      signers: [
        { slot_id: 'company_signer', ...a },
        { slot_id: 'counterparty_signer', ...b },
      ],
    }),
  );
  const reply = await sendViaConsole(c, preview, key);
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  return { id: reply.body.id as string, preview, key };
}

const patch = (id: string, body: unknown, cookie = c.cookies.sender) =>
  c.call('PATCH', `/api/recipients/${id}`, { cookie, body, idempotencyKey: idem('rcp-edit') });
const remove = (id: string, version: number, cookie = c.cookies.sender) =>
  c.call('DELETE', `/api/recipients/${id}`, { cookie, body: { version }, idempotencyKey: idem('rcp-del') });
const importCsv = (csv: string, overwrite?: { id: string; version: number }[], cookie = c.cookies.sender) =>
  c.call('POST', '/api/recipients/import', {
    cookie,
    body: { csv, ...(overwrite ? { overwrite } : {}) },
    idempotencyKey: idem('rcp-import'),
  });

describe('a send fills the book', () => {
  it('adds each recipient of a real send as typed, phones in E.164; a replay of that send is not a second use', async () => {
    const ada = address('ada');
    const alan = address('alan');
    const first = await send(['Ada Lovelace', ada.toUpperCase(), '+49 151 1234 5678'], ['Alan Turing', alan, '+442071234567']);
    await eventually(async () => expect(await book()).toHaveLength(2));
    expect(await entry(ada)).toMatchObject({
      name: 'Ada Lovelace',
      email: ada.toUpperCase(),
      phone: '+4915112345678',
      source: 'sent',
      use_count: 1,
      added_by: 'Test sender',
      version: 1,
    });

    // The same Send again (a retry after a lost answer) is answered with the same package, and counted once.
    const again = await sendViaConsole(c, first.preview, first.key);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.id);
    // A later send with Alan alone is the point from which the book has seen both.
    const grace = address('grace');
    await send(['Grace Hopper', grace, '+12125550100'], ['Alan Turing', alan, '+442071234567']);
    await eventually(async () => expect(await entry(alan)).toMatchObject({ use_count: 2 }));
    expect(await entry(ada)).toMatchObject({ use_count: 1 });
    // Most recently used first.
    expect(
      (await book())
        .map((r) => r.email)
        .slice(0, 2)
        .sort(),
    ).toEqual([alan, grace].sort());
  });

  it('never fails a send when the book cannot be written: the package is sent and the log says so', async () => {
    const file = new Database(join(c.dataDir, 'console.db'));
    file.exec('ALTER TABLE recipients RENAME TO recipients_away');
    try {
      const sent = await send(
        ['Nobody Booked', address('unbooked'), '+4915112345670'],
        ['Alan Turing', address('alan'), '+442071234567'],
      );
      expect(sent.id).toBeTruthy();
      await expect.poll(() => readLog(c).includes('recipient book not updated after a send'), { timeout: 10_000 }).toBe(true);
    } finally {
      file.exec('ALTER TABLE recipients_away RENAME TO recipients');
      file.close();
    }
    expect(await entry(address('unbooked'))).toBeUndefined();
  });
});

describe('editing and deleting', () => {
  it('edits over the version the page showed; changed since is 409 with what it holds; the same values again are harmless', async () => {
    const carl = address('carl');
    await send(['Carl Gauss', carl, '+4915112345679'], ['Alan Turing', address('alan'), '+442071234567']);
    await eventually(async () => expect(await entry(carl)).toBeDefined());
    const shown = (await entry(carl))!;
    const fixed = { name: 'Carl Friedrich Gauss', email: carl, phone: '+49 151 1234 5600', version: shown.version };
    const saved = await patch(shown.id, fixed);
    expect(saved.status, saved.bytes.toString('utf8').slice(0, 300)).toBe(200);
    expect(saved.body).toMatchObject({
      name: 'Carl Friedrich Gauss',
      phone: '+4915112345600',
      source: 'edit',
      version: 2,
      use_count: 1,
    });
    // Repeated after a lost answer: the book already holds it, and says so as it is.
    expect((await patch(shown.id, fixed)).body).toEqual(saved.body);
    // Another edit from the page still showing version 1 is refused, naming what the book holds now.
    const stale = expectConsoleError(await patch(shown.id, { ...fixed, name: 'C. F. Gauss' }), 409, 'RECIPIENT_CHANGED');
    expect(stale.message).toContain('Carl Friedrich Gauss');
    expect(stale.details?.[0]).toMatchObject({ path: 'version', current: { version: 2 } });
    // An address another entry has, and values the send form would refuse, change nothing.
    const taken = expectConsoleError(
      await patch(shown.id, { ...fixed, email: address('ada').toUpperCase(), version: 2 }),
      409,
      'RECIPIENT_EMAIL_TAKEN',
    );
    expect(taken.details?.map((d) => d.path)).toEqual(['email']);
    const invalid = expectConsoleError(
      await patch(shown.id, { name: ' ', email: 'carl@', phone: '0151 1234', version: 2 }),
      422,
      'VALIDATION_FAILED',
    );
    expect(invalid.details?.map((d) => d.path).sort()).toEqual(['email', 'name', 'phone']);
    expect(await entry(carl)).toEqual(saved.body);
    // A phone may be taken out: the send form asks for it then.
    expect((await patch(shown.id, { name: 'Carl Friedrich Gauss', email: carl, phone: '', version: 2 })).body).toMatchObject({
      phone: null,
      version: 3,
    });
    expectConsoleError(await patch('rcp_gone', fixed), 404, 'RECIPIENT_NOT_FOUND');

    const audited = await auditOf(c, 'recipient.update');
    expect(audited[0]).toMatchObject({ target_id: 'rcp_gone', outcome: 'failure', error_code: 'RECIPIENT_NOT_FOUND' });
    const saves = audited.filter((e) => e.target_id === shown.id && e.outcome === 'success');
    expect(saves.length).toBeGreaterThanOrEqual(2);
    expect(saves[0]).toMatchObject({ target_type: 'recipient', user_email: 'sender@test.local' });
    expect(JSON.parse(saves[0]!.details!)).toEqual({ email: carl });
  });

  it('deletes an entry as the page showed it; changed since is 409; once gone it is 404', async () => {
    const dora = address('dora');
    await send(['Dora Diaz', dora, '+4915112345671'], ['Alan Turing', address('alan'), '+442071234567']);
    await eventually(async () => expect(await entry(dora)).toBeDefined());
    const shown = (await entry(dora))!;
    expectConsoleError(await remove(shown.id, shown.version + 1), 409, 'RECIPIENT_CHANGED');
    const deleted = await remove(shown.id, shown.version);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: shown.id, email: dora });
    expect(await entry(dora)).toBeUndefined();
    expectConsoleError(await remove(shown.id, shown.version), 404, 'RECIPIENT_NOT_FOUND');
    expectConsoleError(await remove(shown.id, 0), 422, 'VALIDATION_FAILED');
    const [audited] = await auditOf(c, 'recipient.delete');
    expect(audited).toMatchObject({ target_id: shown.id, outcome: 'failure', status: 404 });
    const done = (await auditOf(c, 'recipient.delete')).find((e) => e.outcome === 'success');
    expect(JSON.parse(done!.details!)).toEqual({ email: dora });
  });
});

describe('importing a CSV', () => {
  it('refuses a file with any bad row, naming each problem by row and column, and changes nothing', async () => {
    const before = await book();
    const csv = [
      `Name;E-Mail;Phone`,
      `Eve Example;${address('eve')};+44 20 7123 4567`,
      `;not-an-address;0151 1234`,
      `Fay;${address('fay')};`,
    ].join('\r\n');
    const refused = expectConsoleError(await importCsv(csv), 422, 'RECIPIENT_IMPORT_INVALID');
    expect(refused.message).toMatch(/^Nothing was imported: the file has 3 problems\./);
    expect(refused.details).toEqual([
      { path: 'csv', row: 3, column: 'name', message: 'Enter the signer’s name' },
      { path: 'csv', row: 3, column: 'email', message: 'Enter a valid e-mail address' },
      { path: 'csv', row: 3, column: 'phone', message: expect.stringMatching(/international format/) },
    ]);
    expect(await book()).toEqual(before);
    const header = expectConsoleError(await importCsv('name,company\nEve,ACME\n'), 422, 'RECIPIENT_IMPORT_INVALID');
    expect(header.details?.map((d) => d.message)).toEqual([
      'The book keeps name, email and phone only: remove the column “company”',
      'The header has no “email” column',
    ]);
    expectConsoleError(await importCsv('x'.repeat(500_001)), 422, 'VALIDATION_FAILED');
    const [audited] = await auditOf(c, 'recipient.import');
    expect(audited).toMatchObject({ outcome: 'failure', status: 422, error_code: 'RECIPIENT_IMPORT_INVALID' });
  });

  it('adds the fixed file whole, updates what the book had otherwise, merges repeats, and the same file again changes nothing', async () => {
    const alan = address('alan');
    const csv = [
      'email,name,phone',
      `${address('eve')},Eve Example,+44 20 7123 4567`,
      `${address('fay')},Fay,`,
      `${address('FAY')},Fay,+4915112345699`,
      `${alan},Alan Mathison Turing,`,
    ].join('\n');
    // Alan is in the book already (a send put him there): the import would change him, so it
    // imports nothing and names what would change, until the importer overwrites that version.
    const held = await entry(alan);
    const conflict = expectConsoleError(await importCsv(csv), 409, 'RECIPIENT_IMPORT_CONFLICTS');
    expect(conflict.message).toMatch(/^Nothing was imported: 1 entry in the book would change/);
    expect(conflict.details).toEqual([
      expect.objectContaining({
        path: 'csv',
        row: 5,
        recipient: { id: held!.id, version: held!.version, email: held!.email },
        before: { name: held!.name, email: held!.email, phone: held!.phone },
        after: { name: 'Alan Mathison Turing', email: alan, phone: held!.phone },
      }),
    ]);
    expect(await entry(address('eve'))).toBeUndefined();
    // Meanwhile another sender edits Alan: the overwrite names the version it saw, and is refused again.
    const edited = await c.call('PATCH', `/api/recipients/${held!.id}`, {
      cookie: c.cookies.admin,
      body: { name: 'Alan Turing, edited', email: held!.email, phone: held!.phone ?? '', version: held!.version },
    });
    expect(edited.status, edited.bytes.toString('utf8').slice(0, 300)).toBe(200);
    const stale = expectConsoleError(
      await importCsv(csv, [{ id: held!.id, version: held!.version }]),
      409,
      'RECIPIENT_IMPORT_CONFLICTS',
    );
    expect(stale.details?.[0]).toMatchObject({
      recipient: { version: held!.version + 1 },
      before: { name: 'Alan Turing, edited' },
    });
    expect(await entry(address('eve'))).toBeUndefined();
    const imported = await importCsv(csv, [{ id: held!.id, version: held!.version + 1 }]);
    expect(imported.status, imported.bytes.toString('utf8').slice(0, 400)).toBe(200);
    expect(imported.body).toEqual({ rows: 4, created: 2, updated: 1, unchanged: 0, merged: 1 });
    // Each entry an import changed is audited with what it held before and after.
    const [changed] = (await auditOf(c, 'recipient.update')).filter(
      (e) => e.target_id === held!.id && e.details?.includes('"import"'),
    );
    expect(JSON.parse(changed!.details!)).toEqual({
      via: 'import',
      before: { name: 'Alan Turing, edited', email: held!.email, phone: held!.phone },
      after: { name: 'Alan Mathison Turing', email: alan, phone: held!.phone },
    });
    expect(await entry(address('eve'))).toMatchObject({
      phone: '+442071234567',
      source: 'import',
      use_count: 0,
      last_used_at: null,
    });
    expect(await entry(address('fay'))).toMatchObject({ phone: '+4915112345699' });
    // A blank phone keeps the one the book had.
    expect(await entry(alan)).toMatchObject({ name: 'Alan Mathison Turing', phone: '+442071234567', source: 'import' });
    expect((await entry(alan))!.use_count).toBeGreaterThan(0); // its sends still count
    expect((await importCsv(csv)).body).toEqual({ rows: 4, created: 0, updated: 0, unchanged: 3, merged: 1 });
    const [audited] = await auditOf(c, 'recipient.import');
    expect(audited).toMatchObject({ outcome: 'success', target_type: 'recipient_book' });
    expect(JSON.parse(audited!.details!)).toEqual({ rows: 4, created: 0, updated: 0, unchanged: 3 });
  });
});

describe('exporting', () => {
  it('answers the book as CSV with the import’s columns, formula-safe, and the export imports back changing nothing', async () => {
    const exported = await c.call('GET', '/api/recipients/export', { cookie: c.cookies.sender });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('text/csv');
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename="signdesk-recipients-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = exported.bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toBe('name,email,phone');
    // An E.164 phone can run nothing: written as typed, in quotes, with no visible ' (issue 35).
    expect(text).toContain(`Eve Example,${address('eve')},"+442071234567"\r\n`);
    const again = await importCsv(text);
    expect(again.status, again.bytes.toString('utf8').slice(0, 300)).toBe(200);
    expect(again.body).toMatchObject({ created: 0, updated: 0 });
    expect(again.body.unchanged).toBe(again.body.rows);
    expectConsoleError(await c.call('GET', '/api/recipients/export', { cookie: c.cookies.viewer }), 403, 'FORBIDDEN');
  });
});

describe('who may use the book', () => {
  it('is senders’ (and admins’) alone: viewers and operators are refused every route, and nothing reaches the API', async () => {
    const before = arrivals(c);
    const [some] = await book();
    for (const role of ['viewer', 'operator'] as const) {
      const cookie = c.cookies[role];
      expectConsoleError(await c.call('GET', '/api/recipients', { cookie }), 403, 'FORBIDDEN');
      expectConsoleError(
        await patch(some!.id, { name: 'X', email: 'x@example.com', phone: '', version: some!.version }, cookie),
        403,
        'FORBIDDEN',
      );
      expectConsoleError(await remove(some!.id, some!.version, cookie), 403, 'FORBIDDEN');
      expectConsoleError(await importCsv(`name,email\nX,${address('x')}\n`, undefined, cookie), 403, 'FORBIDDEN');
    }
    expectConsoleError(await c.call('GET', '/api/recipients', { cookie: null }), 401, 'UNAUTHENTICATED');
    expect(await entry(some!.email)).toEqual(some);
    expect(await entry(address('x'))).toBeUndefined();
    expect((await c.call('GET', `/api/recipients?q=${tag}`, { cookie: c.cookies.admin })).status).toBe(200);
    expect(arrivals(c)).toBe(before);
  });

  it('pages and searches by name or address, any case, wildcards literal; a bad query is 422', async () => {
    const page = await c.call('GET', `/api/recipients?q=${tag}&size=25&page=1`, { cookie: c.cookies.sender });
    expect(page.body.pagination).toMatchObject({ page: 1, size: 25 });
    expect(page.body.pagination.total).toBe(page.body.data.length);
    expect((await book(`EVE EXAMPLE`)).map((r) => r.email)).toContain(address('eve'));
    expect(await book(`%${tag}`)).toEqual([]);
    expectConsoleError(await c.call('GET', '/api/recipients?size=7', { cookie: c.cookies.sender }), 422, 'VALIDATION_FAILED');
    expectConsoleError(await c.call('GET', '/api/recipients?sort=name', { cookie: c.cookies.sender }), 422, 'VALIDATION_FAILED');
  });
});
