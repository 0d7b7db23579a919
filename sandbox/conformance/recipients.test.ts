import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from './harness.ts';
import { NDA_SIGNERS, advanceClock, expectPdf, packageAction, sentPackage, sha256 } from './package-fixtures.ts';
import { sandboxForFile } from './sandbox-for-file.ts';

const sb = sandboxForFile();
let key: string;
beforeAll(async () => {
  key = await sb.newKey();
});

const SIGNER = NDA_SIGNERS[1]!.email;
const STRANGER = 'mallory@example.net';

const auth = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  sb.call('POST', '/api/v1/guest/auth', { body, headers, env: false });
const requestOtp = (email: string, requestId: string) => auth({ action: 'request_otp', email, requestId });
const verifyOtp = (email: string, requestId: string, code: string) => auth({ action: 'verify_otp', email, requestId, code });
const signingDocument = (id: string, headers: Record<string, string> = {}) =>
  sb.call('GET', `/api/v1/signing/${encodeURIComponent(id)}/document`, { headers, env: false });

/** The code the sandbox delivered for (email, request) by its official channel, newest first. */
function deliveredCode(email: string, requestId: string): string {
  const hit = sb.otps.filter((m) => m.email === email && m.requestId === requestId).at(-1);
  if (!hit) throw new Error(`no code delivered to ${email} for ${requestId}`);
  return hit.code;
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

let pkg: { id: string; prepared_pdf?: unknown };
beforeEach(async () => {
  pkg = await sentPackage(sb, key);
});

async function signIn(email = SIGNER, requestId = pkg.id) {
  expect((await requestOtp(email, requestId)).status).toBe(202);
  const res = await verifyOtp(email, requestId, deliveredCode(email, requestId));
  expect(res.status).toBe(200);
  return res;
}

describe('app keys are refused', () => {
  it('on /guest/auth, whatever the action', async () => {
    for (const body of [
      { action: 'request_otp', email: SIGNER, requestId: pkg.id },
      { action: 'verify_otp', email: SIGNER, requestId: pkg.id, code: '123456' },
    ]) {
      expectError(await sb.call('POST', '/api/v1/guest/auth', { key, body }), 403, 'APP_KEY_NOT_ALLOWED');
    }
    expectError(
      await auth(
        { action: 'request_otp', email: SIGNER, requestId: pkg.id },
        { authorization: 'Bearer sk_sandbox_not_even_real' },
      ),
      403,
      'APP_KEY_NOT_ALLOWED',
    );
    expect(sb.otps.filter((m) => m.requestId === pkg.id)).toEqual([]);
  });

  it('on /signing/{id}/document, even next to a valid guest session', async () => {
    const session = (await signIn()).body.guest_session as string;
    expectError(await sb.call('GET', `/api/v1/signing/${pkg.id}/document`, { key }), 403, 'APP_KEY_NOT_ALLOWED');
    const both = await signingDocument(pkg.id, { authorization: `Bearer ${key}`, cookie: `guest_session=${session}` });
    expectError(both, 403, 'APP_KEY_NOT_ALLOWED');
  });
});

describe('request_otp', () => {
  it('answers a signer, a stranger and an unknown request identically', async () => {
    const before = sb.otps.length;
    const replies = [
      await requestOtp(SIGNER, pkg.id),
      await requestOtp(STRANGER, pkg.id),
      await requestOtp(SIGNER, 'pkg_does_not_exist'),
    ];
    for (const r of replies) {
      expect(r.status).toBe(202);
      expect(r.body).toEqual({ status: 'otp_sent_if_recipient' });
      expect(r.headers.get('content-type')).toBe(replies[0]!.headers.get('content-type'));
      expect(r.headers.get('content-length')).toBe(replies[0]!.headers.get('content-length'));
    }
    // Only the signer got a code, through the delivery channel alone.
    const delivered = sb.otps.slice(before);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ email: SIGNER, requestId: pkg.id, code: expect.stringMatching(/^\d{6}$/) });
    for (const r of replies) expect(r.bytes.toString('utf8')).not.toContain(delivered[0]!.code);
  });

  it('matches the signer e-mail without regard to case', async () => {
    const before = sb.otps.length;
    await requestOtp(SIGNER.toUpperCase(), pkg.id);
    expect(sb.otps.slice(before).map((m) => m.email)).toEqual([SIGNER]);
  });

  it('sends no code for a closed package', async () => {
    await packageAction(sb, pkg.id, { action: 'expire' });
    const before = sb.otps.length;
    expect((await requestOtp(SIGNER, pkg.id)).status).toBe(202);
    expect(sb.otps.length).toBe(before);
  });

  it('issues at most five codes per hour for one e-mail and request, answering the same', async () => {
    const before = sb.otps.length;
    for (let i = 0; i < 6; i++) expect((await requestOtp(SIGNER, pkg.id)).body).toEqual({ status: 'otp_sent_if_recipient' });
    expect(sb.otps.length - before).toBe(5);
    await advanceClock(sb, 3600);
    await requestOtp(SIGNER, pkg.id);
    expect(sb.otps.length - before).toBe(6);
  });

  it('validates the body', async () => {
    expectError(await auth({ action: 'request_otp', email: 'not-an-email', requestId: pkg.id }), 422, 'VALIDATION_FAILED');
    expectError(await auth({ action: 'request_otp', email: SIGNER }), 422, 'VALIDATION_FAILED');
    expectError(await auth({ action: 'reset_password', email: SIGNER, requestId: pkg.id }), 422, 'VALIDATION_FAILED');
    expectError(
      await auth({ action: 'request_otp', email: SIGNER, requestId: pkg.id, code: '123456' }),
      422,
      'VALIDATION_FAILED',
    );
    for (const code of ['12345', '1234567', 'abcdef', '12 456']) {
      expectError(await verifyOtp(SIGNER, pkg.id, code), 422, 'VALIDATION_FAILED');
    }
  });
});

describe('verify_otp', () => {
  it('refuses a wrong code, a stranger and an unknown request alike with 401 OTP_INVALID', async () => {
    await requestOtp(SIGNER, pkg.id);
    await requestOtp(STRANGER, pkg.id);
    const code = deliveredCode(SIGNER, pkg.id);
    expectError(await verifyOtp(SIGNER, pkg.id, wrong(code)), 401, 'OTP_INVALID');
    expectError(await verifyOtp(STRANGER, pkg.id, code), 401, 'OTP_INVALID');
    expectError(await verifyOtp(SIGNER, `pkg_never_requested_${code}`, code), 401, 'OTP_INVALID');
    expectError(await verifyOtp(NDA_SIGNERS[0]!.email, pkg.id, code), 401, 'OTP_INVALID');
  });

  it('locks the challenge after five wrong codes: the right code then answers 429 OTP_LOCKED', async () => {
    await requestOtp(SIGNER, pkg.id);
    const code = deliveredCode(SIGNER, pkg.id);
    for (let i = 0; i < 5; i++) expectError(await verifyOtp(SIGNER, pkg.id, wrong(code)), 401, 'OTP_INVALID');
    expectError(await verifyOtp(SIGNER, pkg.id, code), 429, 'OTP_LOCKED');
    // A new code opens a new challenge.
    await requestOtp(SIGNER, pkg.id);
    expect((await verifyOtp(SIGNER, pkg.id, deliveredCode(SIGNER, pkg.id))).status).toBe(200);
  });

  it('locks a stranger the same way, so the lock reveals nothing', async () => {
    await requestOtp(STRANGER, pkg.id);
    for (let i = 0; i < 5; i++) expectError(await verifyOtp(STRANGER, pkg.id, '000000'), 401, 'OTP_INVALID');
    expectError(await verifyOtp(STRANGER, pkg.id, '000000'), 429, 'OTP_LOCKED');
  });

  it('refuses a code after ten minutes with 401 OTP_EXPIRED', async () => {
    await requestOtp(SIGNER, pkg.id);
    const code = deliveredCode(SIGNER, pkg.id);
    await advanceClock(sb, 600);
    expectError(await verifyOtp(SIGNER, pkg.id, code), 401, 'OTP_EXPIRED');
  });

  it('accepts a code once, at 9:59', async () => {
    await requestOtp(SIGNER, pkg.id);
    const code = deliveredCode(SIGNER, pkg.id);
    await advanceClock(sb, 599);
    expect((await verifyOtp(SIGNER, pkg.id, code)).status).toBe(200);
    expectError(await verifyOtp(SIGNER, pkg.id, code), 401, 'OTP_INVALID');
  });

  it('answers a guest session in the body and an HttpOnly cookie scoped to the signing routes', async () => {
    const res = await signIn();
    expect(res.body).toMatchObject({
      guest_session: expect.stringMatching(/^gs_[A-Za-z0-9_-]{43}$/),
      expires_at: expect.any(String),
      package_id: pkg.id,
    });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`guest_session=${res.body.guest_session}`);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\/api\/v1\/signing/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('signing document', () => {
  it('serves the populated PDF to a guest session, by header or by cookie', async () => {
    const session = (await signIn()).body.guest_session as string;
    const byHeader = await signingDocument(pkg.id, { authorization: `Guest ${session}` });
    expectPdf(byHeader);
    expect({ sha256: sha256(byHeader.bytes), size_bytes: byHeader.bytes.length }).toMatchObject({
      sha256: (pkg.prepared_pdf as { sha256: string }).sha256,
      size_bytes: (pkg.prepared_pdf as { size_bytes: number }).size_bytes,
    });
    const byCookie = await signingDocument(pkg.id, { cookie: `theme=dark; guest_session=${session}` });
    expectPdf(byCookie);
    expect(byCookie.bytes.equals(byHeader.bytes)).toBe(true);
  });

  it('answers 401 GUEST_SESSION_REQUIRED without a valid session', async () => {
    expectError(await signingDocument(pkg.id), 401, 'GUEST_SESSION_REQUIRED');
    expectError(await signingDocument(pkg.id, { authorization: `Guest gs_${'A'.repeat(43)}` }), 401, 'GUEST_SESSION_REQUIRED');
    expectError(await signingDocument(pkg.id, { cookie: 'guest_session=nonsense' }), 401, 'GUEST_SESSION_REQUIRED');
    expectError(await signingDocument(pkg.id, { authorization: 'Basic dXNlcjpwYXNz' }), 401, 'GUEST_SESSION_REQUIRED');
  });

  it('answers 403 for a session of another package', async () => {
    const session = (await signIn()).body.guest_session as string;
    const other = await sentPackage(sb, key);
    expectError(await signingDocument(other.id, { authorization: `Guest ${session}` }), 403, 'GUEST_SESSION_FORBIDDEN');
    expectError(
      await signingDocument('pkg_does_not_exist', { authorization: `Guest ${session}` }),
      403,
      'GUEST_SESSION_FORBIDDEN',
    );
  });

  it('ends a guest session after an hour', async () => {
    const session = (await signIn()).body.guest_session as string;
    await advanceClock(sb, 3599);
    expect((await signingDocument(pkg.id, { authorization: `Guest ${session}` })).status).toBe(200);
    await advanceClock(sb, 1);
    expectError(await signingDocument(pkg.id, { authorization: `Guest ${session}` }), 401, 'GUEST_SESSION_REQUIRED');
  });
});
