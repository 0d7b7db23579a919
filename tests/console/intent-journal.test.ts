import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivals, expectConsoleError, idem, previewViaConsole, sendViaConsole, setFaults } from './console-fixtures';
import { startTestConsole, type TestConsole } from './harness';

// The intent journal (DESIGN.md section 6): every keyed mutation is recorded before the API
// is called; an outcome the console did not see stays open until the same key is answered.
let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole();
});
afterAll(async () => c?.close());

const sandboxPackages = () => c.sandbox.sandbox.services.records.all('package').length;
const openSends = async (cookie = c.cookies.sender) => {
  const reply = await c.call('GET', '/api/intents?operation=package.send', { cookie });
  expect(reply.status).toBe(200);
  return reply.body.data as { idempotency_key: string; state: string; method: string; path: string; body: unknown; replayable: boolean }[];
};

describe('intent journal', () => {
  it('records a send and settles it with the answer', async () => {
    const preview = await previewViaConsole(c);
    const key = idem('journal-ok');
    const sent = await sendViaConsole(c, preview, key);
    expect(sent.status).toBe(200);
    expect(sent.headers.get('intent-state')).toBe('succeeded');
    expect((await openSends()).map((i) => i.idempotency_key)).not.toContain(key);
  });

  it('keeps an unanswered send open, and settles it only by sending the same request under the same key', async () => {
    const preview = await previewViaConsole(c);
    const key = idem('journal-unknown');
    const before = sandboxPackages();
    await setFaults(c, [{ method: 'POST', path: '/api/v1/signature-packages', status: 503, code: 'MAINTENANCE', retry_after: 0, times: 10 }]);
    const lost = await sendViaConsole(c, preview, key);
    expect(lost.status).toBe(503);
    expect(lost.headers.get('intent-state')).toBe('unknown');
    await setFaults(c, []);

    // Another tab, a reload or a sign-in again: the journal has the intent, with what was sent.
    const { cookie } = await c.signIn('sender@test.local');
    const [open] = (await openSends(cookie!)).filter((i) => i.idempotency_key === key);
    expect(open).toMatchObject({ state: 'unknown', method: 'POST', path: '/api/packages', replayable: true });
    expect(open!.body).toEqual({ template_id: preview.template_id, preview_token: preview.preview_token, confirmed: true });
    // Nobody else sees it.
    expect((await openSends(c.cookies.admin)).map((i) => i.idempotency_key)).not.toContain(key);

    const resent = await c.call(open!.method, open!.path, { cookie: cookie!, body: open!.body, idempotencyKey: open!.idempotency_key });
    expect(resent.status).toBe(200);
    expect(resent.headers.get('intent-state')).toBe('succeeded');
    expect(sandboxPackages()).toBe(before + 1);
    expect((await openSends()).map((i) => i.idempotency_key)).not.toContain(key);

    // The audit log tells the same story: not known, then sent, under the one key.
    const audit = await c.call('GET', '/api/admin/audit?operation=package.send&size=100', { cookie: c.cookies.admin });
    expect(audit.status).toBe(200);
    const rows = (audit.body.data as { idempotency_key: string | null; outcome: string; status: number }[]).filter((r) => r.idempotency_key === key);
    expect(rows.map((r) => [r.outcome, r.status])).toEqual([
      ['success', 200],
      ['unknown', 503],
    ]);
  });

  it('refuses the same key with another body before anything is sent', async () => {
    const preview = await previewViaConsole(c);
    const key = idem('journal-reuse');
    expect((await sendViaConsole(c, preview, key)).status).toBe(200);
    const other = await previewViaConsole(c);
    const before = arrivals(c);
    expectConsoleError(await sendViaConsole(c, other, key), 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(arrivals(c)).toBe(before);
  });

  it('settles a definite refusal as failed, not open', async () => {
    const key = idem('journal-refused');
    const refused = await c.call('POST', '/api/packages', {
      cookie: c.cookies.sender,
      body: { template_id: 'dst_nda', preview_token: 'pt_neverissued0000', confirmed: true },
      idempotencyKey: key,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.headers.get('intent-state')).toBe('failed');
    expect((await openSends()).map((i) => i.idempotency_key)).not.toContain(key);
  });
});
