import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestConsole, type TestConsole } from './harness';
import { sentPackageViaConsole } from './console-fixtures';

// Notifications (issue 37) end to end: a package changes at the sandbox, the watcher records it,
// the notify job tells its sender in the console, and the mail job mails it to a REAL SMTP
// server running in this process (smtp-server), read back with mailparser.

const PUBLIC_URL = 'https://signdesk.example.com';
const received: ParsedMail[] = [];
let smtp: SMTPServer;
let smtpPort = 0;
let c: TestConsole;

function startSmtp(port = 0) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'], // plain SMTP on loopback; STARTTLS is nodemailer's to use when offered
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
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
const stopSmtp = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

beforeAll(async () => {
  smtp = await startSmtp();
  smtpPort = (smtp.server.address() as AddressInfo).port;
  c = await startTestConsole({
    publicUrl: PUBLIC_URL,
    env: {
      WATCHER_INTERVAL_SECONDS: '2',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Signdesk <signdesk@test.local>',
    },
  });
}, 120_000);
afterAll(async () => {
  await c?.close();
  if (smtp) await stopSmtp(smtp);
});

const within = { timeout: 45_000, interval: 500 };
const mailsAbout = (id: string) => received.filter((m) => (m.text ?? '').includes(id));
const bell = async (cookie: string) => {
  const reply = await c.call('GET', '/api/notifications', { cookie });
  expect(reply.status, reply.bytes.toString().slice(0, 300)).toBe(200);
  return reply.body as { data: { id: string; kind: string; href: string; read_at: string | null }[]; unread: number };
};
const about = async (cookie: string, id: string) => (await bell(cookie)).data.filter((n) => n.href.endsWith(`/${id}`));

function delivery(notificationId: string) {
  const file = new Database(join(c.dataDir, 'console.db'), { readonly: true, fileMustExist: true });
  try {
    return file
      .prepare('SELECT state, attempts, last_error FROM notification_deliveries WHERE notification_id = ?')
      .get(notificationId) as { state: string; attempts: number; last_error: string | null } | undefined;
  } finally {
    file.close();
  }
}

async function finishAtSandbox(action: 'complete' | 'decline') {
  const pkg = (await sentPackageViaConsole(c)).id;
  expect((await c.sandbox.control(`/signature-packages/${pkg}/actions`, { action: 'deliver' })).status).toBe(200);
  const body = action === 'decline' ? { action, signer_slot_id: 'counterparty_signer', reason: 'Wrong name' } : { action };
  const done = await c.sandbox.control(`/signature-packages/${pkg}/actions`, body);
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return pkg;
}

describe('notifications', () => {
  beforeAll(async () => {
    // A completion waits for the daily digest by default (preference-defaults.ts); this suite is
    // about the mail at once, so its sender asks for it at once.
    const saved = await c.call('PUT', '/api/account/notification-preferences', {
      cookie: c.cookies.sender,
      body: { choices: [{ kind: 'package.completed', console: 'now', email: 'now' }], digest_hour: 8, time_zone: 'UTC' },
    });
    expect(saved.status, saved.bytes.toString().slice(0, 300)).toBe(200);
  });

  it('a package completed at the sandbox becomes one notification for its sender and one e-mail', async () => {
    const pkg = await finishAtSandbox('complete');
    await expect.poll(async () => (await about(c.cookies.sender, pkg)).length, within).toBe(1);
    await expect.poll(() => mailsAbout(pkg).length, within).toBe(1);

    const [n] = await about(c.cookies.sender, pkg);
    expect(n).toMatchObject({ kind: 'package.completed', href: `/packages/${pkg}`, read_at: null });
    const [mail] = mailsAbout(pkg);
    expect(mail!.to).toMatchObject({ value: [{ address: 'sender@test.local' }] });
    expect(mail!.subject).toBe('Signdesk: Package completed');
    expect(mail!.text).toContain(`${PUBLIC_URL}/packages/${pkg}`);
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/packages/${pkg}"`);
    expect(`${mail!.text}${mail!.html}`).not.toMatch(/pt_[A-Za-z0-9]|sk_|password/i);
    // nobody else is told of it
    expect(await about(c.cookies.admin, pkg)).toEqual([]);

    // later runs of both jobs tell it no more
    await new Promise((r) => setTimeout(r, 12_000));
    expect(await about(c.cookies.sender, pkg)).toHaveLength(1);
    expect(mailsAbout(pkg)).toHaveLength(1);
    expect(delivery(n!.id)).toMatchObject({ state: 'sent', attempts: 1 });

    // marked read by its owner alone
    const before = (await bell(c.cookies.sender)).unread;
    expect((await c.call('POST', '/api/notifications/read', { cookie: c.cookies.admin, body: { ids: [n!.id] } })).body).toEqual({
      marked: 0,
    });
    const marked = await c.call('POST', '/api/notifications/read', { cookie: c.cookies.sender, body: { ids: [n!.id] } });
    expect(marked.body).toEqual({ marked: 1 });
    expect((await bell(c.cookies.sender)).unread).toBe(before - 1);
    const bad = await c.call('POST', '/api/notifications/read', { cookie: c.cookies.sender, body: { ids: [] } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    const all = await c.call('POST', '/api/notifications/read', { cookie: c.cookies.sender, body: { all: true } });
    expect(all.status).toBe(200);
    expect((await bell(c.cookies.sender)).unread).toBe(0);
  }, 120_000);

  it('SMTP down, then back: the decline is mailed once, after a retry', async () => {
    await stopSmtp(smtp);
    const pkg = await finishAtSandbox('decline');
    await expect.poll(async () => (await about(c.cookies.sender, pkg)).length, within).toBe(1);
    const [n] = await about(c.cookies.sender, pkg);
    expect(n!.kind).toBe('package.declined');
    await expect.poll(() => delivery(n!.id)?.attempts ?? 0, within).toBeGreaterThanOrEqual(1);
    expect(delivery(n!.id)).toMatchObject({ state: 'pending', last_error: expect.any(String) });
    expect(mailsAbout(pkg)).toHaveLength(0);

    smtp = await startSmtp(smtpPort);
    await expect.poll(() => mailsAbout(pkg).length, { timeout: 90_000, interval: 500 }).toBe(1);
    await expect.poll(() => delivery(n!.id)?.state, within).toBe('sent');
    await new Promise((r) => setTimeout(r, 12_000));
    expect(mailsAbout(pkg)).toHaveLength(1);
  }, 180_000);
});
