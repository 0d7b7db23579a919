import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestConsole, type TestConsole } from './harness';

// Issue 13: one API key, many operators. A console told its share of the key's limit paces
// its calls to it, serving users in turn, so the API never has to refuse it; a user flooding
// it delays only their own requests, and can see that they are held rather than lost.
const LIMIT_PER_MINUTE = 120; // 1.8 calls a second after the console's 10% headroom

let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole({ env: { SIGNING_API_RATE_LIMIT_PER_MINUTE: String(LIMIT_PER_MINUTE) } });
}, 240_000);
afterAll(async () => c?.close());

const queueWait = (headers: Headers) => Number(/queue;dur=(\d+)/.exec(headers.get('server-timing') ?? '')?.[1] ?? 0);

describe('a console near the rate limit of its key', () => {
  it('holds requests instead of failing them, serving each user in turn, and says which are held', async () => {
    // Let the burst the start-up sign-ins may have spent come back.
    await new Promise((r) => setTimeout(r, 1_200));
    const started = performance.now();
    const done: Record<string, number> = {};
    const timed = (name: string, path: string, cookie: string) =>
      c.call('GET', path, { cookie }).then((reply) => {
        done[name] = performance.now() - started;
        return reply;
      });
    const flood = [1, 2, 3, 4, 5].map((n) => timed(`operator${n}`, `/api/approval-requests?page=${n}`, c.cookies.operator));
    // Until the flood is waiting: on a loaded machine its requests take a while to arrive.
    let held = 0;
    for (const until = performance.now() + 2_000; held < 2 && performance.now() < until; ) {
      held = (await c.call('GET', '/api/queue', { cookie: c.cookies.operator })).body.held;
    }
    expect(held).toBeGreaterThanOrEqual(2);
    expect((await c.call('GET', '/api/queue', { cookie: c.cookies.viewer })).body.held).toBe(0);
    const other = timed('viewer', '/api/approval-requests?page=6', c.cookies.viewer);
    const replies = await Promise.all([...flood, other]);

    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // Sent at once, the flood's requests reach the console in any order: what counts is when
    // each was answered, not which page it asked for.
    const operators = [1, 2, 3, 4, 5].map((n) => done[`operator${n}`]!).sort((a, b) => a - b);
    // The viewer asked while the flood was held, yet waited behind at most one of them.
    expect(done.viewer!).toBeLessThan(operators[4]!);
    expect(done.viewer!).toBeLessThan(operators[3]!);
    // Paced at the limit: one of the flood went at once, the last waited its turn for about four calls' time.
    const floodReplies = replies.slice(0, 5);
    expect(floodReplies.filter((r) => r.headers.get('server-timing') === null)).toHaveLength(1);
    expect(Math.max(...floodReplies.map((r) => queueWait(r.headers)))).toBeGreaterThanOrEqual(1_500);
    // Nothing reached the API faster than its limit allows, so it refused nothing.
    expect(replies.every((r) => r.body.error === undefined)).toBe(true);
  });
});
