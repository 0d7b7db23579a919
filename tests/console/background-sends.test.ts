import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestConsole, type TestConsole } from './harness';
import { apiId, auditOf, confirmBulkRow, idem, previewViaConsole, sendViaConsole, setFaults } from './console-fixtures';

// Issue 36: confirmed bulk rows are sent by the console's background work, with no browser
// involved once each row is confirmed; pause and "Cancel the rest" act on the server at once;
// a receipt that lapses before its turn sends the row back to review; a lost answer is
// confirmed under the same key, one package per row. A single send whose outcome nobody
// confirmed is confirmed by the server too (INTENT_SETTLE_AFTER_SECONDS, 1 s here).

let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole({ env: { INTENT_SETTLE_AFTER_SECONDS: '1' } });
});
afterAll(async () => c?.close());
afterEach(async () => setFaults(c, []));

const NDA = apiId('dst_nda');
const tag = `bg${Date.now().toString(36)}`;
let made = 0;
const packagesOf = (reference: string) =>
  c.sandbox.sandbox.services.records.all('package').filter((p) => JSON.stringify(p).includes(reference)).length;

interface RowRead {
  position: number;
  line: number;
  state: string;
  error: { code: string; message: string } | null;
}
interface BatchRead {
  state: string;
  rows: RowRead[];
  counts: Record<string, number>;
  cancel_result?: { cancelled: number[]; in_flight: number[]; sent: number[] };
}

async function batch(count: number) {
  const n = ++made;
  const rows = Array.from({ length: count }, (_, i) => ({
    line: i + 2,
    values: {
      sender_values: { counterparty_name: `Party ${n}-${i}`, effective_date: '2027-01-15', governing_law: 'England and Wales' },
      signers: [
        { slot_id: 'company_signer', name: 'Ada Lovelace', email: 'ada@example.com', phone: '+14155550101' },
        { slot_id: 'counterparty_signer', name: `Party ${i}`, email: `p${n}.${i}.${tag}@example.org`, phone: '+44 20 7123 4567' },
      ],
      expires_in_days: '',
      reference: `${tag}-${n}-${i}`,
    },
  }));
  const reply = await c.call('POST', '/api/bulk-batches', {
    cookie: c.cookies.sender,
    body: { template_id: NDA, name: `Background ${n}`, expires_in_days: '30', rows },
    idempotencyKey: idem('bulk'),
  });
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  // Each row's package is known at the API by its counterparty's address.
  return { id: reply.body.id as string, reference: (i: number) => `p${n}.${i}.${tag}@example.org` };
}
const read = async (id: string) =>
  (await c.call('GET', `/api/bulk-batches/${id}`, { cookie: c.cookies.sender })).body as BatchRead;
const act = async (id: string, action: string) => {
  const reply = await c.call('POST', `/api/bulk-batches/${id}/actions`, { cookie: c.cookies.sender, body: { action } });
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  return reply.body as BatchRead;
};
const confirm = (id: string, position: number) => confirmBulkRow(c, c.cookies.sender, id, position);
/** Reads the batch until `done` holds of it (the background work moves it on by itself). */
async function until(id: string, done: (b: BatchRead) => boolean, timeoutMs = 45_000): Promise<BatchRead> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const b = await read(id);
    if (done(b) || Date.now() > end) return b;
    await new Promise((r) => setTimeout(r, 250));
  }
}
const stateOf = (b: BatchRead, position: number) => b.rows.find((r) => r.position === position)!.state;

describe('bulk rows sent by the server', () => {
  it('sends every confirmed row with no page open, one package per row, audited as the sender’s', async () => {
    const { id, reference } = await batch(3);
    for (const p of [0, 1, 2]) await confirm(id, p);
    const b = await until(id, (x) => x.counts.sent === 3);
    expect(b.counts).toMatchObject({ sent: 3, reviewed: 0, sending: 0 });
    expect([0, 1, 2].map((i) => packagesOf(reference(i)))).toEqual([1, 1, 1]);
    const audited = (await auditOf(c, 'bulk.send_row')).filter(
      (e) => e.user_email === 'sender@test.local' && e.outcome === 'success',
    );
    expect(audited.length).toBeGreaterThanOrEqual(3);
  });

  it('holds confirmed rows while paused, and sends them once resumed', async () => {
    const { id, reference } = await batch(2);
    await act(id, 'pause');
    await confirm(id, 0);
    await confirm(id, 1);
    // Past the sweep's period: nothing is sent from a paused batch.
    await new Promise((r) => setTimeout(r, 3_000));
    expect((await read(id)).counts).toMatchObject({ reviewed: 2, sent: 0 });
    expect(packagesOf(reference(0)) + packagesOf(reference(1))).toBe(0);
    await act(id, 'resume');
    expect((await until(id, (x) => x.counts.sent === 2)).counts.sent).toBe(2);
  });

  it('"Cancel the rest" while rows wait: none of those is sent, and the result says which were cancelled and which were in flight', async () => {
    const { id, reference } = await batch(5);
    // The API is away: the first rows taken are bound to their keys and stay in flight.
    await setFaults(c, [{ method: 'POST', path: '/api/v1/signature-packages', status: 503, retry_after: 0 }]);
    for (const p of [0, 1, 2, 3, 4]) await confirm(id, p);
    await until(id, (x) => (x.counts.sending ?? 0) > 0);
    const cancelled = await act(id, 'cancel');
    const result = cancelled.cancel_result!;
    expect(result.in_flight.length).toBeGreaterThan(0);
    expect([...result.cancelled, ...result.in_flight, ...result.sent].sort()).toEqual([2, 3, 4, 5, 6]);
    await setFaults(c, []);
    // The sends in flight end (confirmed under their keys); the cancelled rows never go.
    const end = await until(id, (x) => x.counts.sending === 0);
    for (const row of end.rows) {
      const sent = packagesOf(reference(row.line - 2));
      if (result.cancelled.includes(row.line)) {
        expect(row.state).toBe('cancelled');
        expect(sent).toBe(0);
      } else {
        expect(row.state).toBe('sent');
        expect(sent).toBe(1);
      }
    }
  });

  it('confirms a lost answer under the same key: the row is sent once', async () => {
    const { id, reference } = await batch(1);
    // The API makes the package, then the connection drops before a byte of the answer.
    await setFaults(c, [{ method: 'POST', path: '/api/v1/signature-packages', after_commit: true, drop: true, times: 1 }]);
    await confirm(id, 0);
    const b = await until(id, (x) => stateOf(x, 0) === 'sent');
    expect(stateOf(b, 0)).toBe('sent');
    expect(packagesOf(reference(0))).toBe(1);
  });

  it('sends a row whose receipt lapsed before its turn back to review, saying so, and sends nothing', async () => {
    const { id, reference } = await batch(1);
    await act(id, 'pause');
    await confirm(id, 0);
    // Eleven minutes pass on the API's clock: the receipt's 10 are over.
    expect((await c.sandbox.control('/clock', { advance_seconds: 660 })).status).toBe(200);
    await act(id, 'resume');
    const b = await until(id, (x) => stateOf(x, 0) === 'to_review');
    const row = b.rows[0]!;
    expect(row.state).toBe('to_review');
    expect(row.error?.code).toBe('RECEIPT_LAPSED');
    expect(row.error?.message).toMatch(/review it again/);
    expect(packagesOf(reference(0))).toBe(0);
    // The sender is told on Home, with a link to the batch.
    const home = await c.call('GET', '/api/home', { cookie: c.cookies.sender });
    expect(JSON.stringify(home.body)).toContain(`/packages/bulk/${id}`);
  });

  it('survives kill -9 mid-batch: after a restart every row is sent, one package each', async () => {
    const { id, reference } = await batch(8);
    await act(id, 'pause');
    for (const p of [0, 1, 2, 3, 4, 5, 6, 7]) await confirm(id, p);
    // Each send takes a while at the API, so the console dies with sends under way and rows waiting.
    await setFaults(c, [{ method: 'POST', path: '/api/v1/signature-packages', latency_ms: 700 }]);
    await act(id, 'resume');
    await until(id, (x) => (x.counts.sent ?? 0) >= 2);
    await c.restart('SIGKILL');
    const mid = await read(id);
    expect(mid.counts.sent).toBeLessThan(8);
    await setFaults(c, []);
    const end = await until(id, (x) => x.counts.sent === 8, 90_000);
    expect(end.counts).toMatchObject({ sent: 8, sending: 0, reviewed: 0, failed: 0 });
    expect(Array.from({ length: 8 }, (_, i) => packagesOf(reference(i)))).toEqual(Array(8).fill(1));
  }, 150_000);
});

describe('a single send whose outcome nobody confirmed', () => {
  it('is confirmed by the server under its key: one package, the intent settled, the sender’s audit entry', async () => {
    const preview = await previewViaConsole(c);
    const key = idem('settle');
    const before = c.sandbox.sandbox.services.records.all('package').length;
    // The API is away for every attempt the send makes: its outcome is unknown to the console.
    await setFaults(c, [
      { method: 'POST', path: '/api/v1/signature-packages', status: 503, code: 'MAINTENANCE', retry_after: 0, times: 10 },
    ]);
    const lost = await sendViaConsole(c, preview, key);
    expect(lost.headers.get('intent-state')).toBe('unknown');
    await setFaults(c, []);
    // No page asks again: the server does.
    const end = Date.now() + 40_000;
    let state = 'unknown';
    while (Date.now() < end) {
      const open = await c.call('GET', '/api/intents?operation=package.send', { cookie: c.cookies.sender });
      if (!(open.body.data as { idempotency_key: string }[]).some((i) => i.idempotency_key === key)) {
        state = 'settled';
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(state).toBe('settled');
    expect(c.sandbox.sandbox.services.records.all('package').length).toBe(before + 1);
    const audited = (await auditOf(c, 'package.send'))
      .filter((e) => e.idempotency_key === key)
      .map((e) => [e.outcome, e.user_email]);
    expect(audited).toContainEqual(['success', 'sender@test.local']);
  }, 60_000);
});
