import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitRequest } from '@/sandbox/conformance/approval-fixtures';
import { apiId, expectConsoleError, idem } from '../console/console-fixtures';
import { startTestConsole, type TestConsole } from '../console/harness';

// Pattern work per request (lib/submission-schema/pattern-budget.ts): each value's pattern
// check was bounded, the request was not. 104 values of 10,000 characters against
// [ab]*a[ab]{100}$ held the console's one thread, health included, for 15.5 s.

const PATTERN = '[ab]*a[ab]{100}$';

// a and b at random (a fixed seed), with the a the pattern wants 101 from the end: every value
// matches, so nothing but the amount of work can refuse them.
function values(count: number, length = 10_000): string[] {
  let seed = 11;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const one = () => Array.from({ length }, (_, i) => (i === length - 101 || next() < 0.5 ? 'a' : 'b')).join('');
  return Array.from({ length: count }, one);
}

let c: TestConsole;
let release: string;
beforeAll(async () => {
  c = await startTestConsole();
  const published = await c.sandbox.control('/approval-workflows/wf_leave/releases', {
    schema: {
      type: 'object',
      properties: { codes: { type: 'array', title: 'Codes', items: { type: 'string', pattern: PATTERN } } },
    },
  });
  expect(published.status).toBe(201);
  release = published.body.workflow_release_id as string;
});
afterAll(async () => c?.close());

const submission = (codes: unknown) => ({
  workflow_id: apiId('wf_leave'),
  workflow_release_id: apiId(release),
  external_id: idem('budget'),
  form_data: { codes },
  submit: true,
});

const submit = (codes: unknown) =>
  c.call('POST', '/api/approval-requests', {
    cookie: c.cookies.operator,
    body: submission(codes),
    idempotencyKey: idem('budget'),
  });

describe('pattern work per request', () => {
  it('answers 60 values of 10,000 characters with a 422 naming the field, quickly, while health keeps answering', async () => {
    // The release's schema read once, and the engine warmed, before the clock starts.
    expect((await submit(values(2, 200))).status).toBe(200);

    const codes = values(60);
    let done = false;
    const started = performance.now();
    const refused = submit(codes).finally(() => (done = true));
    const probes: { status: number; ms: number }[] = [];
    while (!done) {
      const at = performance.now();
      const reply = await c.call('GET', '/api/health/live');
      probes.push({ status: reply.status, ms: performance.now() - at });
    }
    const reply = await refused;
    const elapsed = performance.now() - started;

    const error = expectConsoleError(reply, 422, 'SUBMISSION_TOO_COMPLEX');
    expect(error.details?.[0]).toMatchObject({ path: expect.stringMatching(/^form_data\.codes\.\d+$/), field_key: 'codes' });
    // About half a second alone here; the bound is loose for a loaded CI machine (the refusal
    // itself is what the old code lacked: it matched every value and answered 200).
    expect(elapsed).toBeLessThan(5_000);
    expect(probes.length).toBeGreaterThan(0);
    expect(probes.every((p) => p.status === 200)).toBe(true);
    expect(Math.max(...probes.map((p) => p.ms))).toBeLessThan(5_000);
  });

  it('refuses it at the sandbox too, with the same reading', async () => {
    const reply = await submitRequest(c.sandbox, c.apiKey, submission(values(60)));
    expect(reply.status).toBe(422);
    expect(JSON.stringify(reply.body)).toContain('form_data.codes.');
  });
});
