import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestConsole, type TestConsole } from './harness';
import { auditOf, sentPackageViaConsole, setFaults, submittedRequest } from './console-fixtures';

// Notifications (issue 37) end to end: a package changes at the sandbox, the watcher records it,
// the notify job tells its sender in the console, and the mail job mails it to a REAL SMTP
// server running in this process (smtp-server), read back with mailparser. The jobs run every
// second here and a failed mail waits 1 s before its retry, so nothing waits on a production
// period; "later runs tell it no more" is proven by runs seen to complete, not by sleeping.

const PUBLIC_URL = 'https://signdesk.example.com';
const METRICS = 'metrics-token-for-notifications-0123456789';
/** messages the SMTP server accepted (answered 250 to their DATA) */
const received: ParsedMail[] = [];
/** messages whose DATA the server read and holds unanswered while `hold` is on (the console dies first) */
const held: ParsedMail[] = [];
let hold = false;
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
          // Held: the DATA is never answered, so the client never hears the message was taken.
          if (hold) return void held.push(mail);
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
      WATCHER_INTERVAL_SECONDS: '1',
      NOTIFY_INTERVAL_SECONDS: '1',
      MAIL_RETRY_FIRST_SECONDS: '1',
      // A claim outlives a send here too (the SMTP server answers at once), and a dead instance's lapses soon.
      MAIL_CLAIM_SECONDS: '5',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Signdesk <signdesk@test.local>',
      METRICS_TOKEN: METRICS,
    },
  });
}, 120_000);
afterAll(async () => {
  await c?.close();
  if (smtp) await stopSmtp(smtp);
});

const within = { timeout: 30_000, interval: 200 };
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

/** Waits until `n` runs of the notify job and of the mail job started after now have completed. */
async function laterRuns(n = 2) {
  const since = Date.now();
  const completed = async (queue: 'notify' | 'mail') => {
    const reply = await c.call('GET', `/api/admin/jobs?queue=${queue}&state=completed&limit=50`, { cookie: c.cookies.admin });
    expect(reply.status).toBe(200);
    return (reply.body.data as { createdAt: string }[]).filter((j) => Date.parse(j.createdAt) > since).length;
  };
  await expect.poll(async () => Math.min(await completed('notify'), await completed('mail')), within).toBeGreaterThanOrEqual(n);
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
    await laterRuns();
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
    await expect.poll(() => mailsAbout(pkg).length, within).toBe(1);
    await expect.poll(() => delivery(n!.id)?.state, within).toBe('sent');
    expect(delivery(n!.id)!.attempts).toBeGreaterThanOrEqual(2);
    await laterRuns();
    expect(mailsAbout(pkg)).toHaveLength(1);
  }, 90_000);

  it('kill -9 while the SMTP server holds the DATA answer: after a restart the mail is delivered once, with the same Message-ID', async () => {
    hold = true;
    const pkg = await finishAtSandbox('complete');
    await expect.poll(() => held.filter((m) => (m.text ?? '').includes(pkg)).length, within).toBe(1);
    const [n] = await about(c.cookies.sender, pkg);
    // The console has sent the whole message and waits for the server's answer: it dies now.
    expect(delivery(n!.id)).toMatchObject({ state: 'sending', attempts: 1 });
    await c.restart('SIGKILL');
    hold = false;
    // The server never answered that DATA, so it took nothing; the claim of the dead instance
    // lapses and the delivery is sent again, under the same Message-ID.
    await expect.poll(() => mailsAbout(pkg).length, within).toBe(1);
    await expect.poll(() => delivery(n!.id)?.state, within).toBe('sent');
    expect(delivery(n!.id)!.attempts).toBe(2);
    const heldMail = held.find((m) => (m.text ?? '').includes(pkg))!;
    expect(mailsAbout(pkg)[0]!.messageId).toBe(`<${n!.id}@signdesk>`);
    expect(heldMail.messageId).toBe(mailsAbout(pkg)[0]!.messageId);
    await laterRuns();
    expect(mailsAbout(pkg)).toHaveLength(1);
    expect(await about(c.cookies.sender, pkg)).toHaveLength(1);
  }, 90_000);

  it("admins are told once that the API refuses the console's key, with a link to Admin; nobody else is", async () => {
    const alerts = async (cookie: string) => (await bell(cookie)).data.filter((n) => n.kind === 'admin.api_key_refused');
    await setFaults(c, [{ method: 'GET', path: '/api/v1/categories', status: 401, code: 'UNAUTHENTICATED' }]);
    try {
      await expect.poll(async () => (await alerts(c.cookies.admin)).length, within).toBe(1);
      await laterRuns();
      expect(await alerts(c.cookies.admin)).toHaveLength(1);
      expect((await alerts(c.cookies.admin))[0]).toMatchObject({ href: '/admin', read_at: null });
      expect(await alerts(c.cookies.sender)).toEqual([]);
    } finally {
      await setFaults(c, []);
    }
  }, 60_000);

  it('a delivery failed for good is listed to admins with its reason scrubbed, counted, and retried once', async () => {
    const file = new Database(join(c.dataDir, 'console.db'), { fileMustExist: true });
    const id = `ntf_failed${Date.now()}`;
    try {
      const sender = file.prepare("SELECT id FROM users WHERE email = 'sender@test.local'").get() as { id: string };
      const at = new Date().toISOString();
      file
        .prepare(
          `INSERT INTO notifications (id, user_id, kind, subject_type, subject_id, title, body, href, created_at, read_at, event_key)
           VALUES (?, ?, 'package.completed', 'package', 'pkg_failed', 'Package completed', ?, '/packages/pkg_failed', ?, NULL, ?)`,
        )
        .run(id, sender.id, `Package ${id} was signed by every signer.`, at, `test:${id}`);
      file
        .prepare(
          `INSERT INTO notification_deliveries (notification_id, channel, state, attempts, last_error, claimed_until, next_attempt_at, sent_at, created_at)
           VALUES (?, 'email', 'failed', 10, ?, NULL, ?, NULL, ?)`,
        )
        .run(id, 'Invalid login: 535 for smtp://signdesk:hunter2-smtp-pass@mail.example.com:587', at, at);
    } finally {
      file.close();
    }

    const listed = await c.call('GET', '/api/admin/deliveries', { cookie: c.cookies.admin });
    expect(listed.status).toBe(200);
    const row = (listed.body.data as { notification_id: string; reason: string; to: string }[]).find(
      (d) => d.notification_id === id,
    );
    expect(row).toMatchObject({ to: 'sender@test.local', reason: expect.stringContaining('Invalid login: 535') });
    expect(listed.bytes.toString()).not.toContain('hunter2');
    expect((await c.call('GET', '/api/admin/deliveries', { cookie: c.cookies.sender })).status).toBe(403);
    const metrics = await c.call('GET', '/api/metrics', { headers: { authorization: `Bearer ${METRICS}` } });
    expect(metrics.bytes.toString()).toMatch(/^signdesk_notification_deliveries\{state="failed"\} [1-9]/m);

    const bad = await c.call('POST', '/api/admin/deliveries/not-an-id/retry', { cookie: c.cookies.admin });
    expect(bad.status).toBe(422);
    expect((await c.call('POST', `/api/admin/deliveries/${id}/retry`, { cookie: c.cookies.sender })).status).toBe(403);
    const retried = await c.call('POST', `/api/admin/deliveries/${id}/retry`, { cookie: c.cookies.admin });
    expect(retried.status, retried.bytes.toString()).toBe(200);
    expect(retried.body).toEqual({ notification_id: id, retried: true });
    const again = await c.call('POST', `/api/admin/deliveries/${id}/retry`, { cookie: c.cookies.admin });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('NOT_FOUND');

    await expect.poll(() => mailsAbout(id).length, within).toBe(1);
    await expect.poll(() => delivery(id)?.state, within).toBe('sent');
    await laterRuns();
    expect(mailsAbout(id)).toHaveLength(1);
    const audited = (await auditOf(c, 'notification.delivery_retry')).filter((e) => e.target_id === id);
    expect(audited.map((e) => [e.outcome, e.user_email])).toContainEqual(['success', 'admin@test.local']);
  }, 60_000);

  // Last: it moves the sandbox's clock on by nine hours.
  it('a request past its SLA at the API is told once to whoever submitted it, by bell and e-mail', async () => {
    const request = (await submittedRequest(c)).id; // wf_access@2: one layer, an 8 h SLA
    expect((await c.sandbox.control('/clock', { advance_seconds: 9 * 3600 })).status).toBe(200);
    await expect.poll(async () => (await about(c.cookies.operator, request)).length, within).toBe(1);
    const [n] = await about(c.cookies.operator, request);
    expect(n).toMatchObject({ kind: 'request.past_sla', href: `/approvals/${request}` });
    await expect.poll(() => mailsAbout(request).length, within).toBe(1);
    expect(mailsAbout(request)[0]!.subject).toBe('Signdesk: Request past its SLA');
    await laterRuns();
    expect(await about(c.cookies.operator, request)).toHaveLength(1);
    expect(mailsAbout(request)).toHaveLength(1);
    expect(await about(c.cookies.sender, request)).toEqual([]);
  }, 60_000);
});
