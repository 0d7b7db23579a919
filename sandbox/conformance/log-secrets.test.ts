import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { startSandbox, type Sandbox } from '../server.ts';
import { SCOPES } from '../keys.ts';

// One-time passwords, guest sessions and keys pass through the sandbox but never its logs.
let sandbox: Sandbox;
const lines: string[] = [];
const otps: { email: string; requestId: string; code: string }[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-logs-'));

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  sandbox = await startSandbox({
    dataDir,
    controlToken: 'control-token-for-log-test-0001',
    logger: createLogger('trace', sink),
    otpDelivery: (m) => otps.push(m),
  });
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('log hygiene', () => {
  it('never writes an API key, an OTP or a guest session to the log, even at trace level', async () => {
    const keyRes = await post(
      '/__sandbox/keys',
      { app_id: 'app_logs', scopes: [...SCOPES], requester_role: 'admin' },
      { 'x-sandbox-control': 'control-token-for-log-test-0001' },
    );
    const apiKey = ((await keyRes.json()) as { api_key: string }).api_key;
    const auth = { authorization: `Bearer ${apiKey}`, 'x-service-environment': 'sandbox' };
    const preview = await post(
      '/api/v1/signature-packages/preview',
      {
        template_id: 'dst_offer',
        expires_in_days: 7,
        sender_values: { candidate_name: 'Ada', position: 'Engineer', start_date: '2027-01-04', annual_salary: 90000 },
        signers: [{ slot_id: 'candidate', name: 'Ada Lovelace', email: 'ada@example.com', phone: '+4915112345678' }],
      },
      auth,
    );
    const { preview_token } = (await preview.json()) as { preview_token: string };
    const sent = await post(
      '/api/v1/signature-packages',
      { template_id: 'dst_offer', preview_token, confirmed: true },
      { ...auth, 'idempotency-key': 'log-test-send-1' },
    );
    const pkg = (await sent.json()) as { id: string };
    expect(sent.status).toBe(201);
    await post('/api/v1/guest/auth', { action: 'request_otp', email: 'ada@example.com', requestId: pkg.id });
    expect(otps).toHaveLength(1);
    const verify = await post('/api/v1/guest/auth', {
      action: 'verify_otp',
      email: 'ada@example.com',
      requestId: pkg.id,
      code: otps[0]!.code,
    });
    const { guest_session } = (await verify.json()) as { guest_session: string };
    expect(guest_session).toMatch(/^gs_/);

    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(4);
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain(otps[0]!.code);
    expect(text).not.toContain(guest_session);
    expect(text).not.toContain(preview_token);
  });
});
