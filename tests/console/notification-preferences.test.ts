import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestConsole, type TestConsole } from './harness';
import { sentPackageViaConsole } from './console-fixtures';

// Notification preferences and unsubscribe links (issue 37) end to end, with a REAL SMTP server
// in this process (smtp-server; mail read back with mailparser): a kind turned off on the
// settings route gets nothing; a mail's unsubscribe link works once, without signing in, for its
// kind only; a forged one fails and changes nothing. (The digest's hour is proven with the job's
// `now` over a real SQLite database: server/notifications/preferences-flow.unit.test.ts.)

const PUBLIC_URL = 'https://signdesk.example.com';
const PREFS = '/api/account/notification-preferences';
const received: ParsedMail[] = [];
let smtp: SMTPServer;
let c: TestConsole;

function startSmtp() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  return new Promise<SMTPServer>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

beforeAll(async () => {
  smtp = await startSmtp();
  c = await startTestConsole({
    publicUrl: PUBLIC_URL,
    env: {
      WATCHER_INTERVAL_SECONDS: '2',
      NOTIFY_INTERVAL_SECONDS: '2',
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      MAIL_FROM: 'Signdesk <signdesk@test.local>',
    },
  });
}, 120_000);
afterAll(async () => {
  await c?.close();
  if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const within = { timeout: 60_000, interval: 500 };
const mailsAbout = (id: string) => received.filter((m) => (m.text ?? '').includes(id));
const header = (m: ParsedMail, name: string) =>
  m.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '');
const bellAbout = async (id: string) => {
  const reply = await c.call('GET', '/api/notifications', { cookie: c.cookies.sender });
  return (reply.body as { data: { href: string; kind: string }[] }).data.filter((n) => n.href.endsWith(`/${id}`));
};
const rowsAbout = (id: string) => {
  const file = new Database(join(c.dataDir, 'console.db'), { readonly: true, fileMustExist: true });
  try {
    return file.prepare('SELECT kind FROM notifications WHERE subject_id = ?').all(id) as { kind: string }[];
  } finally {
    file.close();
  }
};
const auditOf = (operation: string) => {
  const file = new Database(join(c.dataDir, 'console.db'), { readonly: true, fileMustExist: true });
  try {
    return file
      .prepare('SELECT user_email, target_id, details FROM audit_log WHERE operation = ? ORDER BY id')
      .all(operation) as {
      user_email: string;
      target_id: string;
      details: string;
    }[];
  } finally {
    file.close();
  }
};

async function finishAtSandbox(action: 'complete' | 'decline') {
  const pkg = (await sentPackageViaConsole(c)).id;
  expect((await c.sandbox.control(`/signature-packages/${pkg}/actions`, { action: 'deliver' })).status).toBe(200);
  const body = action === 'decline' ? { action, signer_slot_id: 'counterparty_signer', reason: 'Wrong name' } : { action };
  expect((await c.sandbox.control(`/signature-packages/${pkg}/actions`, body)).status).toBe(200);
  return pkg;
}

type Choice = { kind: string; label: string; console: string; email: string };
const prefs = async () =>
  (await c.call('GET', PREFS, { cookie: c.cookies.sender })).body as {
    email_configured: boolean;
    kinds: Choice[];
    digest_hour: number;
    time_zone: string | null;
  };
const choiceOf = async (kind: string) => (await prefs()).kinds.find((k) => k.kind === kind)!;
const save = (choices: { kind: string; console: string; email: string }[], extra: Record<string, unknown> = {}) =>
  c.call('PUT', PREFS, { cookie: c.cookies.sender, body: { choices, digest_hour: 8, time_zone: 'Europe/Paris', ...extra } });

describe('notification preferences', () => {
  it('start from the defaults, refuse a bad save with a clear error and change nothing', async () => {
    const first = await prefs();
    expect(first).toMatchObject({ email_configured: true, digest_hour: 8, time_zone: null });
    expect(first.kinds.find((k) => k.kind === 'package.declined')).toMatchObject({ console: 'now', email: 'now' });
    expect(first.kinds.find((k) => k.kind === 'package.completed')).toMatchObject({ console: 'now', email: 'digest' });
    // Admins' alerts are told to admins alone: only they choose how.
    expect(first.kinds.filter((k) => k.kind.startsWith('admin.'))).toEqual([]);
    const admins = (await c.call('GET', PREFS, { cookie: c.cookies.admin })).body as { kinds: Choice[] };
    expect(admins.kinds.map((k) => k.kind)).toContain('admin.api_key_refused');

    const badZone = await save([], { time_zone: 'Mars/Olympus_Mons' });
    expect(badZone.status).toBe(422);
    expect(badZone.body.error.details).toEqual([{ path: 'time_zone', message: expect.stringContaining('time zone') }]);
    const badHour = await save([], { digest_hour: 24 });
    expect(badHour.status).toBe(422);
    const badKind = await save([{ kind: 'package.nonsense', console: 'off', email: 'off' }]);
    expect(badKind.status).toBe(422);
    expect(badKind.body.error.message).toContain('package.nonsense');
    const digestInConsole = await save([{ kind: 'package.declined', console: 'digest', email: 'off' }]);
    expect(digestInConsole.status).toBe(422);
    const crossSite = await c.call('PUT', PREFS, {
      cookie: c.cookies.sender,
      origin: 'https://attacker.example',
      body: { choices: [], digest_hour: 8, time_zone: 'UTC' },
    });
    expect(crossSite.status).toBe(403);
    expect(await prefs()).toEqual(first);
    expect((await c.call('GET', PREFS)).status).toBe(401);
  });

  it('a kind turned off gets nothing: no notification, no e-mail; the change is audited', async () => {
    const saved = await save([{ kind: 'package.declined', console: 'off', email: 'off' }]);
    expect(saved.status, saved.bytes.toString().slice(0, 300)).toBe(200);
    expect(saved.body.changes).toEqual([
      { kind: 'package.declined', channel: 'console', from: 'now', to: 'off' },
      { kind: 'package.declined', channel: 'email', from: 'now', to: 'off' },
    ]);
    expect(auditOf('notification_preferences.update').at(-1)).toMatchObject({ user_email: 'sender@test.local' });

    const declined = await finishAtSandbox('decline');
    // A completion after it, told in the bell: the notify job has read the decline too by then.
    const completed = await finishAtSandbox('complete');
    await expect.poll(async () => (await bellAbout(completed)).length, within).toBe(1);
    expect(await bellAbout(declined)).toEqual([]);
    expect(rowsAbout(declined)).toEqual([]);
    expect(mailsAbout(declined)).toEqual([]);
  }, 150_000);

  it('an e-mail’s unsubscribe link works once without signing in, for its kind only; a forged one fails', async () => {
    expect((await save([{ kind: 'package.declined', console: 'now', email: 'now' }])).status).toBe(200);
    const pkg = await finishAtSandbox('decline');
    await expect.poll(() => mailsAbout(pkg).length, within).toBe(1);
    const [mail] = mailsAbout(pkg);
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(https:\/\/signdesk\.example\.com\/api\/unsubscribe\/([A-Za-z0-9_.-]+))>$/.exec(
      header(mail!, 'List-Unsubscribe') ?? '',
    );
    expect(oneClick).not.toBeNull();
    const token = oneClick![2]!;
    expect(mail!.text).toContain(`${PUBLIC_URL}/unsubscribe/${token}`);
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/unsubscribe/${token}"`);
    expect(`${mail!.text}${mail!.html}`).not.toContain(c.sessionPassword);

    // GET, as a mail scanner would, without a session: a page with a button, nothing changed
    const page = await c.call('GET', `/unsubscribe/${token}`, { cookie: null });
    expect(page.status).toBe(200);
    const html = page.bytes.toString('utf8');
    expect(html).toContain('Package declined');
    expect(html).toContain(`action="/api/unsubscribe/${token}"`);
    const opened = await c.call('GET', `/api/unsubscribe/${token}`, { cookie: null });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/unsubscribe/${token}`);
    expect(await choiceOf('package.declined')).toMatchObject({ email: 'now' });

    // forged and altered links, and another site's page: refused, nothing changed
    const [body, sig] = token.split('.') as [string, string];
    const forged = `${Buffer.from(JSON.stringify(['usr_someone', 'package.declined', 'email', 0])).toString('base64url')}.${sig}`;
    for (const bad of [forged, `${body}.${sig.slice(0, -4)}AAAA`]) {
      const refused = await c.call('POST', `/api/unsubscribe/${bad}`, {
        cookie: null,
        origin: null,
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(refused.status).toBe(404);
      expect(refused.body.error.code).toBe('UNSUBSCRIBE_LINK_INVALID');
      const badPage = await c.call('GET', `/unsubscribe/${bad}`, { cookie: null });
      expect(badPage.status).toBe(404);
      expect(badPage.bytes.toString('utf8')).toContain('This unsubscribe link is not valid');
    }
    const crossSite = await c.call('POST', `/api/unsubscribe/${token}`, {
      cookie: null,
      origin: 'https://attacker.example',
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(crossSite.status).toBe(403);
    expect(await choiceOf('package.declined')).toMatchObject({ email: 'now' });

    // the provider's one-click POST: no session, no Origin
    const oneClickPost = () =>
      c.call('POST', `/api/unsubscribe/${token}`, {
        cookie: null,
        origin: null,
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const done = await oneClickPost();
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ state: 'done', label: 'Package declined' });
    const again = await oneClickPost();
    expect(again.body).toEqual({ state: 'already', label: 'Package declined' });
    expect((await c.call('GET', `/unsubscribe/${token}`, { cookie: null })).bytes.toString('utf8')).toContain(
      'This is already done',
    );

    // that kind, that channel only
    const after = await prefs();
    expect(after.kinds.find((k) => k.kind === 'package.declined')).toMatchObject({ console: 'now', email: 'off' });
    expect(after.kinds.find((k) => k.kind === 'package.expired')).toMatchObject({ console: 'now', email: 'now' });
    expect(auditOf('notification.unsubscribe')).toEqual([
      { user_email: 'sender@test.local', target_id: 'package.declined', details: expect.stringContaining('unsubscribe link') },
    ]);

    // the page's own button: a same-origin form post, back to the page
    expect((await save([{ kind: 'package.declined', console: 'now', email: 'now' }])).status).toBe(200);
    // the old link is spent once the preference changed again
    expect((await oneClickPost()).body).toEqual({ state: 'changed', label: 'Package declined' });
    const next = await finishAtSandbox('decline');
    await expect.poll(() => mailsAbout(next).length, within).toBe(1);
    const fresh = /\/api\/unsubscribe\/([A-Za-z0-9_.-]+)>/.exec(header(mailsAbout(next)[0]!, 'List-Unsubscribe') ?? '')![1]!;
    const button = await c.call('POST', `/api/unsubscribe/${fresh}`, {
      cookie: null,
      rawBody: 'confirm=page',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(button.status).toBe(303);
    expect(button.headers.get('location')).toBe(`/unsubscribe/${fresh}?result=done`);
    expect((await c.call('GET', `/unsubscribe/${fresh}?result=done`, { cookie: null })).bytes.toString('utf8')).toContain(
      'Done: you no longer get',
    );
    expect(await choiceOf('package.declined')).toMatchObject({ email: 'off' });
  }, 200_000);
});
