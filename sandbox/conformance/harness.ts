import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { readConfig } from '../config.ts';
import type { Dialect } from '../http/dialect.ts';
import { createLogger } from '../logger.ts';
import { mapIds } from '../http/dialect-ids.ts';
import { codeKept, standardRetryAfter, standardView } from './dialect-view.ts';
import { startSandbox, type Sandbox } from '../server.ts';
import { SCOPES, type RequesterRole, type Scope } from '../keys.ts';

export interface Reply {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions read arbitrary JSON
  bytes: Buffer;
  /** an answer of the sandbox's control plane, which speaks the standard dialect always */
  controlPlane?: boolean;
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  /** send X-Service-Environment: sandbox (default true) */
  env?: boolean;
}

export interface TestSandbox {
  url: string;
  sandbox: Sandbox;
  controlToken: string;
  /** every OTP the sandbox delivered, newest last */
  otps: { email: string; requestId: string; code: string }[];
  /** a key with every scope unless told otherwise */
  newKey(opts?: { scopes?: Scope[]; role?: RequesterRole; appId?: string; ratePerMinute?: number }): Promise<string>;
  call(method: string, path: string, opts?: CallOptions): Promise<Reply>;
  control(path: string, body?: unknown): Promise<Reply>;
  close(): Promise<void>;
}

/** The dialect a suite's sandboxes speak (SANDBOX_DIALECT). */
export const SUITE_DIALECT: Dialect = readConfig().SANDBOX_DIALECT;

export const newIdemKey = () => `idem-${randomBytes(8).toString('hex')}`;

/** A sandbox in this process on a free port with its own data directory. */
export async function startTestSandbox(opts: { uploadCapacity?: number; dataDir?: string; dialect?: Dialect } = {}): Promise<TestSandbox> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  const controlToken = `ctl-${randomBytes(16).toString('hex')}`;
  const otps: TestSandbox['otps'] = [];
  // SANDBOX_DIALECT=alternate runs a whole suite against the other dialect.
  const dialect = opts.dialect ?? SUITE_DIALECT;
  const sandbox = await startSandbox({
    dataDir,
    controlToken,
    uploadCapacity: opts.uploadCapacity ?? 8,
    defaultRateLimitPerMinute: 0,
    logger: createLogger('silent'),
    otpDelivery: (m) => otps.push(m),
    dialect,
  });
  let apps = 0;

  const call = async (method: string, path: string, o: CallOptions = {}): Promise<Reply> => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.key) headers.authorization = `Bearer ${o.key}`;
    if (o.env !== false && !('x-service-environment' in headers)) headers['x-service-environment'] = 'sandbox';
    if (o.idempotencyKey) headers['idempotency-key'] = o.idempotencyKey;
    let body: BodyInit | undefined = o.rawBody;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${sandbox.url}${path}`, { method, headers, body });
    const bytes = Buffer.from(await res.arrayBuffer());
    let parsed: unknown = null;
    const type = res.headers.get('content-type') ?? '';
    if (/application\/(problem\+)?json/.test(type)) parsed = JSON.parse(bytes.toString('utf8'));
    // The control plane keeps its own shape in every dialect.
    const controlPlane = path.startsWith('/__sandbox');
    if (controlPlane) return { status: res.status, headers: res.headers, body: dialect === 'alternate' ? mapIds(parsed, 'in') : parsed, bytes, controlPlane };
    const view = standardView(dialect, res.status, type, parsed);
    const answered = new Headers(res.headers);
    const wait = standardRetryAfter(dialect, res.headers.get('retry-after'), res.headers.get('date'));
    if (wait !== null) answered.set('retry-after', wait);
    return { status: res.status, headers: answered, body: view, bytes };
  };

  const control = (path: string, body?: unknown) =>
    call('POST', `/__sandbox${path}`, { body: body ?? {}, headers: { 'x-sandbox-control': controlToken }, env: false });

  return {
    url: sandbox.url,
    sandbox,
    controlToken,
    otps,
    call,
    control,
    async newKey(k = {}) {
      const res = await control('/keys', {
        app_id: k.appId ?? `app_test_${++apps}_${randomBytes(3).toString('hex')}`,
        scopes: k.scopes ?? [...SCOPES],
        requester_role: k.role ?? 'admin',
        rate_limit_per_minute: k.ratePerMinute ?? 0,
      });
      if (res.status !== 201) throw new Error(`key creation failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.api_key as string;
    },
    async close() {
      await sandbox.close();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A raw answer's body as the standard dialect says it (for tests that speak HTTP themselves). */
export function bodyOf(status: number, contentType: string | undefined, text: string, controlPlane = false): any { // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions read arbitrary JSON
  const type = contentType ?? '';
  const parsed: unknown = /application\/(problem\+)?json/.test(type) ? JSON.parse(text) : null;
  if (controlPlane) return SUITE_DIALECT === 'alternate' ? mapIds(parsed, 'in') : parsed;
  return standardView(SUITE_DIALECT, status, type, parsed);
}

/** The code a test may expect in this suite's dialect: the alternate one keeps only the spec's named codes. */
export const expectedCode = (code: string) => (codeKept(SUITE_DIALECT, code) ? code : undefined);

/** Asserts the error shape of DESIGN.md section 3 and returns the error object. */
export function expectError(reply: Reply, status: number, code?: string) {
  // A code the spec does not name is the standard dialect's choice; the alternate one gives none.
  // The control plane keeps its own shape in every dialect.
  const expected = code && (reply.controlPlane ? code : expectedCode(code));
  if (reply.status !== status || (code && reply.body?.error?.code !== expected)) {
    throw new Error(
      `expected ${status}${code ? ` ${code}` : ''}, got ${reply.status} ${reply.bytes.toString('utf8').slice(0, 500)}`,
    );
  }
  const error = reply.body?.error;
  if (!error || typeof error.message !== 'string' || error.message.length < 5 || typeof error.request_id !== 'string') {
    throw new Error(`error body does not have the agreed shape: ${reply.bytes.toString('utf8').slice(0, 300)}`);
  }
  return error as { code: string; message: string; details?: { path: string; message: string }[]; request_id: string };
}
