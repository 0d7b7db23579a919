import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { challengeId, type GuestSessionRecord, type OtpChallengeRecord } from '../domain/guest-auth.ts';
import type { PackageRecord, StoredPreview } from '../domain/packages.ts';
import { hashSecret } from '../keys.ts';
import { expectError, startTestSandbox } from './harness.ts';
import {
  NDA_SIGNERS,
  advanceClock,
  expectPdf,
  makePreview,
  previewDocument,
  sendPreview,
  sentPackage,
  type Preview,
} from './package-fixtures.ts';
import { sandboxForFile } from './sandbox-for-file.ts';

// What the scheduler's tick throws away once it can no longer matter: the PDFs of receipts
// that expired unsent, and OTP challenges past their use. Each must leave every answer of
// the API as it was before pruning.

const sb = sandboxForFile();
let key: string;
beforeAll(async () => {
  key = await sb.newKey();
});

const services = () => sb.sandbox.services;
const storedPreview = (p: Preview, on = sb) =>
  on.sandbox.services.records.get<StoredPreview>('preview', hashSecret(p.preview_token));
const previewFile = (p: Preview, on = sb) => {
  const stored = storedPreview(p, on);
  if (!stored || stored.status === 'lapsed') throw new Error('the preview has no file');
  return stored.file;
};
/** Moves the clock the way real time does: the scheduler is not told. */
const timePasses = (seconds: number) => services().clock.advance(seconds);
const anyRequest = async () => expect((await sb.call('GET', '/api/v1/categories', { key })).status).toBe(200);

describe('previews that expired unsent', () => {
  it('lose their PDF at expiry; the token still answers PREVIEW_EXPIRED, and 404/422 as before', async () => {
    const p = await makePreview(sb, key);
    const file = previewFile(p);
    await advanceClock(sb, 599);
    expect(services().files.exists(file)).toBe(true);
    expectPdf(await previewDocument(sb, key, p));

    await advanceClock(sb, 1);
    expect(services().files.exists(file)).toBe(false);
    const stored = storedPreview(p);
    expect(stored).toMatchObject({ status: 'lapsed', consumed: false, template_id: 'dst_nda' });
    // Nothing the sender froze outlives the file: no signers, values or file name.
    for (const gone of ['signers', 'sender_values', 'file', 'prepared_pdf']) expect(stored).not.toHaveProperty(gone);
    expect(JSON.stringify(stored)).not.toContain(NDA_SIGNERS[0]!.email);

    expectError(await sendPreview(sb, key, p), 409, 'PREVIEW_EXPIRED');
    expectError(await previewDocument(sb, key, p), 409, 'PREVIEW_EXPIRED');
    expectError(await sendPreview(sb, key, { ...p, template_id: 'dst_offer' }), 422, 'PREVIEW_TEMPLATE_MISMATCH');
    const other = await sb.newKey();
    expectError(await sendPreview(sb, other, p), 404, 'PREVIEW_NOT_FOUND');

    // Long after, the answer has not drifted to PREVIEW_NOT_FOUND.
    await advanceClock(sb, 30 * 86_400);
    expectError(await sendPreview(sb, key, p), 409, 'PREVIEW_EXPIRED');
  });

  it('are pruned on the tick of an ordinary request, without the clock being moved through the control plane', async () => {
    await advanceClock(sb, 1);
    const p = await makePreview(sb, key);
    const file = previewFile(p);
    timePasses(600);
    expect(services().files.exists(file)).toBe(true);
    await anyRequest();
    expect(services().files.exists(file)).toBe(false);
    expectError(await previewDocument(sb, key, p), 409, 'PREVIEW_EXPIRED');
  });

  it('leave a receipt that has not expired alone: it still serves its PDF and sends', async () => {
    const early = await makePreview(sb, key);
    await advanceClock(sb, 300);
    const late = await makePreview(sb, key);
    await advanceClock(sb, 300);
    expect(services().files.exists(previewFile(late))).toBe(true);
    expect(storedPreview(early)).toMatchObject({ status: 'lapsed' });

    expectPdf(await previewDocument(sb, key, late));
    const sent = await sendPreview(sb, key, late);
    expect(sent.status).toBe(201);
    expect(sent.body.invitation_status).toBe('queued');
  });

  it('are never a sent receipt: its file is the package’s, which stays, and its token answers PREVIEW_CONSUMED', async () => {
    const p = await makePreview(sb, key);
    const file = previewFile(p);
    const sent = await sendPreview(sb, key, p);
    expect(sent.status).toBe(201);
    await advanceClock(sb, 3600);
    expect(services().files.exists(file)).toBe(true);
    expect(services().records.get<PackageRecord>('package', sent.body.id as string)?.file).toBe(file);
    expect(storedPreview(p)).toMatchObject({ status: 'sent', consumed: true });
    expectError(await sendPreview(sb, key, p), 409, 'PREVIEW_CONSUMED');
  });

  it('stored before receipts had a status are pruned too, after the store migrates them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-prune-'));
    try {
      let old = await startTestSandbox({ dataDir });
      const oldKey = await old.newKey();
      const open = await makePreview(old, oldKey);
      const sent = await makePreview(old, oldKey);
      expect((await sendPreview(old, oldKey, sent)).status).toBe(201);
      await old.close();

      // The shape an older sandbox wrote: no status, and the store at version 1.
      const db = new Database(join(dataDir, 'sandbox.db'));
      db.prepare("UPDATE records SET status = NULL, data = json_remove(data, '$.status') WHERE kind = 'preview'").run();
      db.pragma('user_version = 1');
      db.close();

      old = await startTestSandbox({ dataDir });
      try {
        const file = previewFile(open, old);
        expect(storedPreview(sent, old)).toMatchObject({ status: 'sent' });
        await advanceClock(old, 600);
        expect(old.sandbox.services.files.exists(file)).toBe(false);
        expect(old.sandbox.services.files.exists(previewFile(sent, old))).toBe(true);
        expectError(await sendPreview(old, oldKey, open), 409, 'PREVIEW_EXPIRED');
      } finally {
        await old.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('OTP challenges', () => {
  const SIGNER = NDA_SIGNERS[1]!.email;
  const STRANGER = 'mallory@example.net';
  const auth = (body: Record<string, unknown>) => sb.call('POST', '/api/v1/guest/auth', { body, env: false });
  const requestOtp = (email: string, requestId: string) => auth({ action: 'request_otp', email, requestId });
  const verifyOtp = (email: string, requestId: string, code: string) => auth({ action: 'verify_otp', email, requestId, code });
  const challenge = (email: string, requestId: string) =>
    services().records.get<OtpChallengeRecord>('otp_challenge', challengeId(email, requestId));
  const codesFor = (requestId: string) => sb.otps.filter((m) => m.requestId === requestId);

  it('go once used, on the tick of an ordinary request', async () => {
    const pkg = await sentPackage(sb, key);
    // Delivered, so nothing else falls due for days: only the challenge can wake the scheduler.
    await advanceClock(sb, 120);
    await requestOtp(SIGNER, pkg.id);
    expect((await verifyOtp(SIGNER, pkg.id, codesFor(pkg.id).at(-1)!.code)).status).toBe(200);
    expect(challenge(SIGNER, pkg.id)).toMatchObject({ code_hash: null });
    timePasses(3600);
    expect(challenge(SIGNER, pkg.id)).toBeDefined();
    await anyRequest();
    expect(challenge(SIGNER, pkg.id)).toBeUndefined();
  });

  it('outlive expiry while they cap the codes sent, then go for signer and stranger alike', async () => {
    const pkg = await sentPackage(sb, key);
    await requestOtp(SIGNER, pkg.id);
    await requestOtp(STRANGER, pkg.id);
    const code = codesFor(pkg.id).at(-1)!.code;

    await advanceClock(sb, 600);
    expect(challenge(SIGNER, pkg.id)).toBeDefined();
    expect(challenge(STRANGER, pkg.id)).toBeDefined();
    expectError(await verifyOtp(SIGNER, pkg.id, code), 401, 'OTP_EXPIRED');
    expectError(await verifyOtp(STRANGER, pkg.id, code), 401, 'OTP_EXPIRED');

    await advanceClock(sb, 3000);
    expect(challenge(SIGNER, pkg.id)).toBeUndefined();
    expect(challenge(STRANGER, pkg.id)).toBeUndefined();
    // Gone alike, so they answer alike: as a code that was never requested.
    expectError(await verifyOtp(SIGNER, pkg.id, code), 401, 'OTP_INVALID');
    expectError(await verifyOtp(STRANGER, pkg.id, code), 401, 'OTP_INVALID');
  });

  it('do not give back the hourly cap by being pruned at expiry', async () => {
    const pkg = await sentPackage(sb, key);
    for (let i = 0; i < 5; i++) await requestOtp(SIGNER, pkg.id);
    expect(codesFor(pkg.id)).toHaveLength(5);
    await advanceClock(sb, 660);
    expect((await requestOtp(SIGNER, pkg.id)).status).toBe(202);
    expect(codesFor(pkg.id)).toHaveLength(5);

    await advanceClock(sb, 3600 - 660);
    expect(challenge(SIGNER, pkg.id)).toBeUndefined();
    await requestOtp(SIGNER, pkg.id);
    expect(codesFor(pkg.id)).toHaveLength(6);
    expect((await verifyOtp(SIGNER, pkg.id, codesFor(pkg.id).at(-1)!.code)).status).toBe(200);
  });
});

describe('guest sessions', () => {
  const SIGNER = NDA_SIGNERS[1]!.email;
  const auth = (body: Record<string, unknown>) => sb.call('POST', '/api/v1/guest/auth', { body, env: false });
  const document = (pkgId: string, session: string) =>
    sb.call('GET', `/api/v1/signing/${pkgId}/document`, { headers: { cookie: `guest_session=${session}` }, env: false });
  const stored = (session: string) => services().records.get<GuestSessionRecord>('guest_session', hashSecret(session));

  it('go at the end of their hour, on the tick of an ordinary request, and answer as an unknown session did', async () => {
    const pkg = await sentPackage(sb, key);
    await advanceClock(sb, 120);
    await auth({ action: 'request_otp', email: SIGNER, requestId: pkg.id });
    const code = sb.otps.filter((m) => m.requestId === pkg.id).at(-1)!.code;
    const session = (await auth({ action: 'verify_otp', email: SIGNER, requestId: pkg.id, code })).body.guest_session as string;
    expect((await document(pkg.id, session)).status).toBe(200);

    timePasses(3599);
    await anyRequest();
    expect(stored(session)).toBeDefined();
    expect((await document(pkg.id, session)).status).toBe(200);

    timePasses(1);
    expect(stored(session)).toBeDefined();
    await anyRequest();
    expect(stored(session)).toBeUndefined();
    const unknown = await document(pkg.id, `gs_${'A'.repeat(43)}`);
    const expired = await document(pkg.id, session);
    expectError(expired, 401, 'GUEST_SESSION_REQUIRED');
    expect(expired.body.error.message).toBe(unknown.body.error.message);
  });
});
