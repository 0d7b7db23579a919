import 'server-only';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SigningApiError } from '../signing-api/client/errors';
import { ConsoleError as HttpError } from '../errors';
import { fromUpstream, toHttpError } from './respond';

// A real API may echo what it was sent or where it runs; none of it may reach the browser.
const KEY = 'PlainKeyWithoutPrefix0123456789';

beforeAll(() => {
  vi.stubEnv('SIGNING_API_BASE_URL', 'https://api.example.com');
  vi.stubEnv('SIGNING_API_KEY', KEY);
  vi.stubEnv('SESSION_PASSWORD', 'respond-unit-test-session-password-0123456789');
});
afterAll(() => vi.unstubAllEnvs());

describe('upstream errors as the browser sees them', () => {
  it('scrubs the key, editor ids, URLs with credentials and internal hosts from the message', () => {
    const err = new SigningApiError(
      400,
      'INVALID_LAYOUT',
      `Key ${KEY} cannot edit https://api.example.com/api/v1/hosted-editor/abc123secret/commands (node ip-10-0-3-7.ec2.internal, 10.0.3.7, db.svc.cluster.local)`,
    );
    const out = fromUpstream(err);
    expect(out.status).toBe(400);
    expect(out.code).toBe('INVALID_LAYOUT');
    expect(out.message).not.toContain(KEY);
    expect(out.message).not.toContain('abc123secret');
    expect(out.message).not.toMatch(/10\.0\.3\.7|ec2\.internal|cluster\.local|api\.example\.com/);
    expect(out.message).toMatch(/^Key \[redacted\] cannot edit /);
  });

  it('keeps only path, message and scalar fields of details, scrubbed, and no nested objects', () => {
    const err = new SigningApiError(422, 'VALIDATION_FAILED', 'Invalid.', [
      { path: 'fields.0.width', message: `echo ${KEY}`, field_id: 'f1', current_version: 3, echo: { key: KEY } },
      { path: `x\u0000y\u202e`, message: 'line\nbreak\tand \u0007bell' },
    ]);
    const out = fromUpstream(err);
    expect(out.details).toEqual([
      { path: 'fields.0.width', message: 'echo [redacted]', field_id: 'f1', current_version: 3 },
      { path: 'xy', message: 'line break and bell' },
    ]);
    expect(JSON.stringify(out)).not.toContain(KEY);
  });

  it('caps the length of messages and the number of details, and drops control characters', () => {
    const err = new SigningApiError(
      409,
      'VERSION_CONFLICT',
      `${'a'.repeat(5_000)}\u001b[31m`,
      Array.from({ length: 500 }, (_, i) => ({ path: `p${i}`, message: 'm'.repeat(2_000) })),
    );
    const out = fromUpstream(err);
    expect(out.message.length).toBeLessThanOrEqual(500);
    expect(out.message).not.toContain('\u001b');
    expect(out.details.length).toBeLessThanOrEqual(50);
    expect(out.details.every((d) => d.message.length <= 500)).toBe(true);
  });

  it("tells the console's own hold (CONSOLE_BUSY) apart from the API's rate limiting, each with its Retry-After", () => {
    const held = fromUpstream(new SigningApiError(429, 'CONSOLE_BUSY', 'The Signing API is at the rate limit every operator shares; try again in 4 s.', [], 4_000));
    expect(held).toMatchObject({ status: 429, code: 'CONSOLE_BUSY', headers: { 'Retry-After': '4' } });
    expect(held.message).toMatch(/try again in 4 s/);
    const api = fromUpstream(new SigningApiError(429, 'RATE_LIMITED', 'Too many.', [], 2_000));
    expect(api).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'The Signing API is rate limiting requests. Try again shortly.' });
  });

  it('replaces an upstream code that is not a plain code', () => {
    expect(fromUpstream(new SigningApiError(404, `NOT_FOUND ${KEY}`, 'Not found.')).code).toBe('UPSTREAM_ERROR');
    expect(fromUpstream(new SigningApiError(503, 'UPLOAD_BUSY', `Busy at 192.168.1.20 for ${KEY}`)).message).not.toMatch(
      /192\.168|PlainKey/,
    );
  });
});

describe('errors that are not HttpErrors, as the browser sees them', () => {
  it('answers a database out of reach with 503 DATABASE_UNAVAILABLE and a Retry-After, saying nothing of where it runs', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.3.7:5432'), { code: 'ECONNREFUSED', syscall: 'connect' });
    const out = toHttpError(refused, 'req_outage');
    expect(out).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE', headers: { 'Retry-After': '5' } });
    expect(out.message).toMatch(/database is unavailable/);
    expect(out.message).not.toMatch(/10\.0\.3\.7|5432|ECONNREFUSED/);
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(toHttpError(shutdown, 'req_outage').status).toBe(503);
  });

  it('keeps a bug a 500 with its reference, and passes HttpErrors and upstream errors through their own mapping', () => {
    const bug = toHttpError(Object.assign(new Error('duplicate key'), { code: '23505' }), 'req_bug');
    expect(bug).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    expect(bug.message).toContain('req_bug');
    const own = new HttpError(409, 'SELF_RESET', 'No.');
    expect(toHttpError(own, 'req_x')).toBe(own);
    expect(toHttpError(new SigningApiError(429, 'RATE_LIMITED', 'Too many.', [], 2_000), 'req_x')).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
  });
});
