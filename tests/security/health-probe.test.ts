import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivals } from '../console/console-fixtures';
import { startTestConsole, type TestConsole } from '../console/harness';

// The readiness route is open before sign-in. Hammering it must not spend the API key's
// shared rate limit: the console probes the Signing API once and shares the answer.
let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole();
});
afterAll(async () => c?.close());

describe('health', () => {
  it('answers 300 hits (200 at once) with at most one upstream probe per freshness window', async () => {
    const before = arrivals(c);
    const burst = await Promise.all(Array.from({ length: 200 }, () => c.call('GET', '/api/health')));
    for (let i = 0; i < 100; i++) burst.push(await c.call('GET', '/api/health'));
    expect(burst.every((r) => r.status === 200 && r.body.signing_api.ok === true)).toBe(true);
    const upstream = arrivals(c) - before;
    console.log(`health: ${burst.length} hits, ${upstream} upstream call(s)`);
    // Within one window there is one probe; a window boundary during the run allows a second.
    expect(upstream).toBeLessThanOrEqual(2);
    // Callers share probes: no more distinct probe times than probes (plus the one from start-up).
    expect(new Set(burst.map((r) => r.body.signing_api.checked_at)).size).toBeLessThanOrEqual(upstream + 1);
  });
});
