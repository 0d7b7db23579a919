import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestConsole, type TestConsole } from './harness';
import { auditEntries, auditOf, detailPaths, expectConsoleError, idem } from './console-fixtures';

let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole();
});
afterAll(async () => c?.close());

const admin = () => c.cookies.admin;
const newAccount = (roles: string[]) => ({ email: `user-${randomBytes(4).toString('hex')}@test.local`, name: 'New Person', password: 'a-long-enough-password', roles });
const createUser = (body: unknown) => c.call('POST', '/api/admin/users', { cookie: admin(), body });
const patchUser = (id: string, body: unknown, cookie = admin()) => c.call('PATCH', `/api/admin/users/${id}`, { cookie, body });

/** RFC 4180 rows: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += ch;
    }
  }
  return rows;
}

describe('users', () => {
  it('lists accounts without secrets', async () => {
    const reply = await c.call('GET', '/api/admin/users', { cookie: admin() });
    expect(reply.status).toBe(200);
    const emails = reply.body.data.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['viewer@test.local', 'operator@test.local', 'sender@test.local', 'admin@test.local']));
    expect(reply.bytes.toString()).not.toMatch(/password|scrypt|session_version/);
    expectConsoleError(await c.call('GET', '/api/admin/users', { cookie: c.cookies.operator }), 403, 'FORBIDDEN');
  });

  it('creates an account that can sign in, once per e-mail', async () => {
    const account = newAccount(['operator']);
    const created = await createUser(account);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ email: account.email, name: 'New Person', roles: ['operator'], disabled: false });
    expect(created.body.id).toMatch(/^usr_/);
    expect(created.body.password_hash).toBeUndefined();
    const { reply } = await c.signIn(account.email, account.password);
    expect(reply.status).toBe(200);
    const taken = await createUser({ ...account, email: account.email.toUpperCase() });
    expectConsoleError(taken, 409, 'EMAIL_TAKEN');
    expect(detailPaths(taken)).toEqual(['email']);
    expect(detailPaths(await createUser({ ...newAccount([]), password: 'short' }))).toEqual(['password', 'roles']);
    const [entry] = await auditOf(c, 'user.create');
    expect(entry).toMatchObject({ user_email: 'admin@test.local', target_id: account.email, outcome: 'failure', status: 409, error_code: 'EMAIL_TAKEN' });
  });

  it('changes roles with effect on the next request', async () => {
    const account = newAccount(['viewer']);
    const { id } = (await createUser(account)).body as { id: string };
    const { cookie } = await c.signIn(account.email, account.password);
    expectConsoleError(await c.call('GET', '/api/admin/users', { cookie }), 403, 'FORBIDDEN');
    const updated = await patchUser(id, { roles: ['viewer', 'admin'] });
    expect(updated.body).toMatchObject({ id, roles: ['viewer', 'admin'] });
    expect((await c.call('GET', '/api/admin/users', { cookie })).status).toBe(200);
    // Recorded as what it was, a change of roles, with the account named beside its id.
    const [entry] = await auditOf(c, 'user.roles_change');
    expect(entry).toMatchObject({ target_type: 'user', target_id: id, outcome: 'success', target_user: { name: 'New Person', email: account.email } });
    expect(JSON.parse(entry!.details!)).toEqual({ roles: ['viewer', 'admin'] });
    expect((await auditOf(c, 'user.update')).filter((r) => r.target_id === id)).toEqual([]);
  });

  it('disables an account: its existing cookie stops working at once', async () => {
    const account = newAccount(['operator']);
    const { id } = (await createUser(account)).body as { id: string };
    const { cookie } = await c.signIn(account.email, account.password);
    expect((await c.call('GET', '/api/auth/me', { cookie })).status).toBe(200);
    expect((await patchUser(id, { disabled: true })).body).toMatchObject({ id, disabled: true });
    expectConsoleError(await c.call('GET', '/api/auth/me', { cookie }), 401, 'SESSION_EXPIRED');
    expectConsoleError(await c.call('GET', '/api/categories', { cookie }), 401, 'SESSION_EXPIRED');
    // Said to the one who knows the password only; a wrong one learns nothing of the account.
    expectConsoleError((await c.signIn(account.email, account.password)).reply, 403, 'ACCOUNT_DISABLED');
    expect((await c.signIn(account.email, account.password)).reply.body.error.message).toMatch(/disabled\. Ask a Signdesk admin/);
    expectConsoleError((await c.signIn(account.email, `${account.password}-wrong`)).reply, 401, 'INVALID_CREDENTIALS');
    await patchUser(id, { disabled: false });
    expect((await c.signIn(account.email, account.password)).reply.status).toBe(200);
    // Disabling and enabling are each their own operation, neither a change of roles.
    const mine = async (operation: string) => (await auditOf(c, operation)).filter((r) => r.target_id === id);
    expect(await mine('user.disable')).toEqual([expect.objectContaining({ outcome: 'success', status: 200, details: null, target_user: { name: 'New Person', email: account.email } })]);
    expect(await mine('user.enable')).toEqual([expect.objectContaining({ outcome: 'success', status: 200, details: null })]);
    expect(await mine('user.roles_change')).toEqual([]);
  });

  it('records a PATCH that changes roles and access at once as one entry per change, refused ones too', async () => {
    const account = newAccount(['viewer']);
    const { id } = (await createUser(account)).body as { id: string };
    expect((await patchUser(id, { roles: ['operator'], disabled: true })).body).toMatchObject({ id, roles: ['operator'], disabled: true });
    const both = auditEntries(await c.call('GET', `/api/admin/audit?size=100`, { cookie: admin() })).filter((r) => r.target_id === id && r.operation !== 'user.create');
    // Newest first: the disabling was written after the change of roles of the same request.
    expect(both.map((r) => [r.operation, r.outcome, r.status, r.details])).toEqual([
      ['user.disable', 'success', 200, null],
      ['user.roles_change', 'success', 200, JSON.stringify({ roles: ['operator'] })],
    ]);
    expect(both.every((r) => r.target_user?.email === account.email)).toBe(true);

    // One write, one refusal: each change it asked for is recorded as refused.
    const me = (await c.call('GET', '/api/auth/me', { cookie: admin() })).body.user as { id: string };
    expectConsoleError(await patchUser(me.id, { roles: ['viewer'], disabled: false }), 409, 'SELF_LOCKOUT');
    const refused = auditEntries(await c.call('GET', `/api/admin/audit?outcome=failure&size=100`, { cookie: admin() })).filter((r) => r.target_id === me.id);
    expect(refused.slice(0, 2).map((r) => [r.operation, r.status, r.error_code, r.target_user?.email])).toEqual([
      ['user.enable', 409, 'SELF_LOCKOUT', 'admin@test.local'],
      ['user.roles_change', 409, 'SELF_LOCKOUT', 'admin@test.local'],
    ]);
  });

  it('resets a password: the old one and its sessions end, the audit entry holds no password; never one\'s own', async () => {
    const account = newAccount(['viewer']);
    const { id } = (await createUser(account)).body as { id: string };
    const { cookie } = await c.signIn(account.email, account.password);
    const fresh = 'a-brand-new-password-42';
    const reset = (target: string, body: unknown) => c.call('POST', `/api/admin/users/${target}/password`, { cookie: admin(), body });
    expect(detailPaths(await reset(id, { password: 'short' }))).toEqual(['password']);
    expectConsoleError(await reset(id, { password: fresh, roles: ['admin'] }), 422, 'VALIDATION_FAILED');
    expectConsoleError(await reset('usr_nobody_here', { password: fresh }), 404, 'NOT_FOUND');
    expectConsoleError(await c.call('POST', `/api/admin/users/${id}/password`, { cookie: c.cookies.operator, body: { password: fresh } }), 403, 'FORBIDDEN');
    const me = (await c.call('GET', '/api/auth/me', { cookie: admin() })).body.user as { id: string };
    expectConsoleError(await reset(me.id, { password: fresh }), 409, 'SELF_RESET');

    expect((await reset(id, { password: fresh })).body).toMatchObject({ id, email: account.email, disabled: false });
    expectConsoleError(await c.call('GET', '/api/auth/me', { cookie }), 401, 'SESSION_EXPIRED');
    expect((await c.signIn(account.email, account.password)).reply.status).toBe(401);
    expect((await c.signIn(account.email, fresh)).reply.status).toBe(200);
    const [entry] = await auditOf(c, 'user.password_reset');
    expect(entry).toMatchObject({ user_email: 'admin@test.local', target_type: 'user', target_id: id, outcome: 'success', details: null });
  });

  it('refuses self-lockout, unknown accounts and empty changes', async () => {
    const me = (await c.call('GET', '/api/auth/me', { cookie: admin() })).body.user as { id: string };
    expectConsoleError(await patchUser(me.id, { disabled: true }), 409, 'SELF_LOCKOUT');
    expectConsoleError(await patchUser(me.id, { roles: ['viewer'] }), 409, 'SELF_LOCKOUT');
    expectConsoleError(await patchUser('usr_nobody_here', { disabled: true }), 404, 'NOT_FOUND');
    expectConsoleError(await patchUser(me.id, {}), 422, 'VALIDATION_FAILED');
    expect((await c.call('GET', '/api/auth/me', { cookie: admin() })).status).toBe(200);
  });
});

describe('audit log', () => {
  it('pages, filters by user, operation and day, and lists the operations', async () => {
    await createUser(newAccount(['viewer']));
    const all = await c.call('GET', '/api/admin/audit?size=25', { cookie: admin() });
    expect(all.status).toBe(200);
    expect(all.body.pagination).toMatchObject({ page: 1, size: 25 });
    expect(all.body.operations).toEqual(expect.arrayContaining(['auth.sign_in', 'user.create']));
    // Only user targets name an account; an id no account has names none.
    expect(auditEntries(all).every((r) => r.target_type === 'user' || r.target_user === null)).toBe(true);
    expectConsoleError(await patchUser('usr_nobody_here', { disabled: true }), 404, 'NOT_FOUND');
    const [unknown] = (await auditOf(c, 'user.disable')).filter((r) => r.target_id === 'usr_nobody_here');
    expect(unknown).toMatchObject({ outcome: 'failure', status: 404, target_user: null });
    // An entry that kept the address (an account added) names the account by it.
    const added = newAccount(['viewer']);
    await createUser(added);
    const [create] = (await auditOf(c, 'user.create')).filter((r) => r.target_id === added.email);
    expect(create!.target_user).toEqual({ name: 'New Person', email: added.email });
    const ids = auditEntries(all).map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const mine = await c.call('GET', '/api/admin/audit?user=ADMIN@test.local&operation=user.create', { cookie: admin() });
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(auditEntries(mine).every((r) => r.user_email === 'admin@test.local' && r.operation === 'user.create')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const day = await c.call(`GET`, `/api/admin/audit?from=${today}&to=${today}&operation=user.create`, { cookie: admin() });
    expect(day.body.pagination.total).toBe(mine.body.pagination.total);
    expect((await c.call('GET', '/api/admin/audit?from=2000-01-01&to=2000-01-02', { cookie: admin() })).body.data).toEqual([]);
    for (const [query, field] of [['from=2026-1-1', 'from'], ['size=10', 'size'], ['q=x', ''], ['page=0', 'page']]) {
      expect(detailPaths(await c.call('GET', `/api/admin/audit?${query}`, { cookie: admin() }))).toEqual([field]);
    }
    expectConsoleError(await c.call('GET', '/api/admin/audit', { cookie: c.cookies.sender }), 403, 'FORBIDDEN');
  });

  it('matches part of an address, records failed sign-ins under the address tried, and filters by outcome', async () => {
    const account = newAccount(['viewer']);
    await createUser(account);
    expect((await c.signIn(account.email, 'not-the-password')).reply.status).toBe(401);
    expect((await c.signIn(account.email, account.password)).reply.status).toBe(200);
    const part = account.email.slice(0, 12).toUpperCase();
    const both = await c.call('GET', `/api/admin/audit?user=${encodeURIComponent(part)}`, { cookie: admin() });
    expect(auditEntries(both).map((r) => [r.operation, r.outcome, r.user_email])).toEqual([
      ['auth.sign_in', 'success', account.email],
      ['auth.sign_in', 'failure', account.email],
    ]);
    const failed = await c.call('GET', `/api/admin/audit?user=${encodeURIComponent(part)}&outcome=failure`, { cookie: admin() });
    expect(auditEntries(failed)).toEqual([expect.objectContaining({ user_id: null, roles: null, error_code: 'INVALID_CREDENTIALS', status: 401 })]);
    expect(JSON.stringify(failed.body)).not.toContain('not-the-password');
    expect(detailPaths(await c.call('GET', '/api/admin/audit?outcome=maybe', { cookie: admin() }))).toEqual(['outcome']);
  });

  it('exports CSV with a header row, RFC 4180 quoting and formula cells defused', async () => {
    const reasons = ['=HYPERLINK("http://evil.example","click")', '+1+2 plus', '-3 minus sign', '@SUM(A1:A2) at', 'plain, with comma\r\nand a line break'];
    for (const reason of reasons) {
      const created = await c.call('POST', '/api/categories', { cookie: admin(), body: { name: `Export ${idem('x')}` }, idempotencyKey: idem('cat') });
      const archived = await c.call('POST', `/api/categories/${created.body.id}/archive`, { cookie: admin(), body: { reason }, idempotencyKey: idem('arc') });
      expect(archived.status).toBe(200);
    }
    const before = new Date().toISOString().slice(0, 10);
    const reply = await c.call('GET', '/api/admin/audit/export?operation=category.archive', { cookie: admin() });
    const after = new Date().toISOString().slice(0, 10);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect([before, after].map((day) => `attachment; filename="signdesk-audit-${day}_operation-category-archive.csv"`)).toContain(reply.headers.get('content-disposition'));
    const text = reply.bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toBe('id,at,user_email,roles,operation,target_type,target_id,outcome,status,error_code,upstream_request_id,idempotency_key,reason,client_address,instance,team_id');
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")"`);
    const rows = parseCsv(text);
    expect(rows.slice(1).every((r) => r.length === 16 && r[4] === 'category.archive')).toBe(true);
    const exported = rows.slice(1).map((r) => r[12]);
    expect(exported).toEqual(
      expect.arrayContaining([`'=HYPERLINK("http://evil.example","click")`, `'+1+2 plus`, `'-3 minus sign`, `'@SUM(A1:A2) at`, 'plain, with comma\r\nand a line break']),
    );
    expect(rows.slice(1).every((r) => /^req_/.test(r[10]!) && r[11]!.length >= 8)).toBe(true);
    expect(detailPaths(await c.call('GET', '/api/admin/audit/export?page=2', { cookie: admin() }))).toEqual(['']);
  });

  it('names the export for its day and every filter set, in letters, digits, - and _ only', async () => {
    const nameOf = async (query: string) => {
      const before = new Date().toISOString().slice(0, 10);
      const reply = await c.call('GET', `/api/admin/audit/export${query}`, { cookie: admin() });
      expect(reply.status).toBe(200);
      const header = reply.headers.get('content-disposition')!;
      const [, name] = /^attachment; filename="([A-Za-z0-9_-]+\.csv)"$/.exec(header) ?? [];
      expect(name, header).toBeDefined();
      // Midnight (UTC) may pass between the two readings.
      return name!.replace(new RegExp(`^signdesk-audit-(${before}|${new Date().toISOString().slice(0, 10)})`), 'signdesk-audit-DAY');
    };
    expect(await nameOf('')).toBe('signdesk-audit-DAY.csv');
    expect(await nameOf('?to=2026-11-27&from=2026-11-01&user=ADMIN@test.local&outcome=failure&operation=user.roles_change')).toBe(
      'signdesk-audit-DAY_operation-user-roles_change_outcome-failure_user-ADMIN-test-local_from-2026-11-01_to-2026-11-27.csv',
    );
    // Free text cannot close the quoted name or add a parameter to the header.
    expect(await nameOf(`?user=${encodeURIComponent('a"; filename=x.exe\\b')}`)).toBe('signdesk-audit-DAY_user-a-filename-x-exe-b.csv');
  });

  // Issue 19: a day that is not on the calendar was a 500 as `to` and a wrong filter as `from`.
  it('refuses a day that is not on the calendar with a 422 naming the parameter, on the list and the export', async () => {
    const cases = [
      ['to=2026-13-45', ['to']],
      ['from=2026-13-45', ['from']],
      ['from=2026-02-30', ['from']],
      ['to=0000-00-00', ['to']],
      ['from=0000-00-00&to=2025-02-29', ['from', 'to']],
    ] as const;
    for (const path of ['/api/admin/audit', '/api/admin/audit/export']) {
      for (const [query, fields] of cases) {
        const reply = await c.call('GET', `${path}?${query}`, { cookie: admin() });
        const error = expectConsoleError(reply, 422, 'VALIDATION_FAILED');
        expect(error.details, `${path}?${query}`).toEqual(
          fields.map((field) => ({ path: field, message: expect.stringMatching(/calendar date/) })),
        );
      }
    }
    expect((await c.call('GET', '/api/admin/audit?from=2024-02-29&to=2024-02-29', { cookie: admin() })).status).toBe(200);
    expect((await c.call('GET', '/api/admin/audit/export?to=9999-12-31', { cookie: admin() })).status).toBe(200);
  });
});

// Issue 20: an admin sees which accounts are throttled at sign-in and lifts a throttle, audited.
describe('sign-in throttles', () => {
  /** Six wrong passwords from one address, past the account's free allowance of five. */
  async function throttled(address: string) {
    const account = newAccount(['viewer']);
    expect((await createUser(account)).status).toBe(200);
    for (let i = 0; i < 6; i++) {
      const reply = await c.call('POST', '/api/auth/sign-in', { body: { email: account.email, password: `wrong-${i}` }, headers: { 'x-forwarded-for': address } });
      expect(reply.status).toBe(401);
    }
    return account;
  }
  const listed = async () => (await c.call('GET', '/api/admin/throttles', { cookie: admin() })).body.data as { email: string; attempts: number; until: string }[];

  it('lists throttled accounts to admins only', async () => {
    const account = await throttled('198.51.100.21');
    const entry = (await listed()).find((t) => t.email === account.email);
    expect(entry).toMatchObject({ email: account.email, attempts: 6 });
    expect(Date.parse(entry!.until)).toBeGreaterThan(Date.now());
    for (const role of ['viewer', 'operator', 'sender'] as const) {
      expectConsoleError(await c.call('GET', '/api/admin/throttles', { cookie: c.cookies[role] }), 403, 'FORBIDDEN');
    }
    expectConsoleError(await c.call('GET', '/api/admin/throttles'), 401, 'UNAUTHENTICATED');
  });

  it('lifts a throttle (admins, same origin): gone from the list, audited under the account, and the account signs in', async () => {
    const account = await throttled('198.51.100.22');
    const path = `/api/admin/throttles/${encodeURIComponent(account.email.toUpperCase())}`;
    expectConsoleError(await c.call('DELETE', path, { cookie: c.cookies.operator }), 403, 'FORBIDDEN');
    expectConsoleError(await c.call('DELETE', path, { cookie: admin(), origin: 'https://attacker.example' }), 403, 'CROSS_SITE_REQUEST');
    expectConsoleError(await c.call('DELETE', path, { cookie: admin(), origin: null }), 403, 'CROSS_SITE_REQUEST');
    expect(detailPaths(await c.call('DELETE', '/api/admin/throttles/not-an-address', { cookie: admin() }))).toEqual(['email']);
    expect((await listed()).map((t) => t.email)).toContain(account.email);

    const lifted = await c.call('DELETE', path, { cookie: admin() });
    expect(lifted.status).toBe(200);
    expect(lifted.body).toEqual({ email: account.email, lifted: true });
    expect((await listed()).map((t) => t.email)).not.toContain(account.email);
    // Lifting again is no error: the throttle is simply no longer there.
    expect((await c.call('DELETE', path, { cookie: admin() })).body).toEqual({ email: account.email, lifted: false });

    // Both lifts (refusals before the checks passed are not actions, and are not audited).
    const entries = (await auditOf(c, 'auth.throttle_lift')).filter((r) => r.target_id === account.email);
    expect(entries.map((r) => [r.user_email, r.target_type, r.outcome, r.status])).toEqual([
      ['admin@test.local', 'user', 'success', 200],
      ['admin@test.local', 'user', 'success', 200],
    ]);
    expect((await c.signIn(account.email, account.password)).reply.status).toBe(200);
  });
});

// Issue 20: every audit entry says where the action came from and which instance handled it.
describe('audit origin', () => {
  it('records the client address and the instance, in the log and in the CSV', async () => {
    const account = newAccount(['viewer']);
    expect((await c.call('POST', '/api/admin/users', { cookie: admin(), body: account, headers: { 'x-forwarded-for': '203.0.113.77' } })).status).toBe(200);
    expect((await c.call('POST', '/api/auth/sign-in', { body: { email: account.email, password: 'not-it' }, headers: { 'x-forwarded-for': '203.0.113.78' } })).status).toBe(401);
    const instance = `${hostname()}:${new URL(c.url).port}`;
    const [created] = (await auditOf(c, 'user.create')).filter((r) => r.target_id === account.email);
    expect(created).toMatchObject({ client_address: '203.0.113.77', instance });
    // Written by sign-in itself, outside the route wrapper: the address still comes from the request.
    const [failed] = (await auditOf(c, 'auth.sign_in')).filter((r) => r.user_email === account.email);
    expect(failed).toMatchObject({ outcome: 'failure', client_address: '203.0.113.78', instance });

    const csv = await c.call('GET', '/api/admin/audit/export?operation=user.create', { cookie: admin() });
    const [header, ...rows] = parseCsv(csv.bytes.toString('utf8'));
    expect(header!.slice(-3)).toEqual(['client_address', 'instance', 'team_id']);
    const row = rows.find((r) => r[header!.indexOf('target_id')] === account.email);
    // A user's creation concerns no team.
    expect(row!.slice(-3)).toEqual(['203.0.113.77', instance, '']);
  });
});
