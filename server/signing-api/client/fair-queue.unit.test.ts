import 'server-only';
import { describe, expect, it } from 'vitest';
import { FairQueue, QueueRefusal, type FairQueueOptions } from './fair-queue';

/** A clock and timers moved by hand, so waits are exact and the test takes no time. */
function manualTime() {
  let now = 0;
  let timers: { at: number; fn: () => void }[] = [];
  return {
    now: () => now,
    setTimer: (fn: () => void, ms: number) => {
      timers.push({ at: now + ms, fn });
      return 0;
    },
    /** Moves the clock by `ms`, firing due timers in order, then lets settled promises run. */
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.fn();
        await Promise.resolve();
      }
      now = end;
      await new Promise((r) => setImmediate(r));
    },
  };
}

const queueWith = (time: ReturnType<typeof manualTime>, opts: Partial<FairQueueOptions> = {}) =>
  new FairQueue({ ratePerSecond: 10, burst: 2, maxWaitMs: 10_000, maxWaitingPerLane: 50, now: time.now, setTimer: time.setTimer, ...opts });

describe('fair queue', () => {
  it('lets everything through at once when no limit is known', () => {
    const q = new FairQueue({ ratePerSecond: Number.POSITIVE_INFINITY, burst: Number.POSITIVE_INFINITY, maxWaitMs: 10_000, maxWaitingPerLane: 50 });
    for (let i = 0; i < 1_000; i++) expect(q.take('a')).toBeNull();
  });

  it('spends the burst at once, then paces the rest at the rate', async () => {
    const time = manualTime();
    const q = queueWith(time);
    expect(q.take('a')).toBeNull();
    expect(q.take('a')).toBeNull();
    const waited: number[] = [];
    for (let i = 0; i < 3; i++) void q.take('a')!.then((ms) => waited.push(ms));
    expect(q.waiting('a')).toBe(3);
    await time.advance(99);
    expect(waited).toEqual([]);
    await time.advance(1);
    expect(waited).toEqual([100]);
    await time.advance(200);
    expect(waited).toEqual([100, 200, 300]);
    expect(q.waiting('a')).toBe(0);
  });

  it('serves users in turn: one user with many waiting delays only their own', async () => {
    const time = manualTime();
    const q = queueWith(time, { burst: 1 });
    expect(q.take('busy')).toBeNull();
    const order: string[] = [];
    for (let i = 1; i <= 5; i++) void q.take('busy')!.then(() => order.push(`busy${i}`));
    void q.take('calm')!.then(() => order.push('calm1'));
    void q.take('other')!.then(() => order.push('other1'));
    await time.advance(1_000);
    expect(order).toEqual(['busy1', 'calm1', 'other1', 'busy2', 'busy3', 'busy4', 'busy5']);
  });

  it('holds everyone while paused by a 429, and the burst starts again from nothing', async () => {
    const time = manualTime();
    const q = queueWith(time);
    q.pause(1_500);
    const waited: number[] = [];
    void q.take('a')!.then((ms) => waited.push(ms));
    void q.take('b')!.then((ms) => waited.push(ms));
    await time.advance(1_499);
    expect(waited).toEqual([]);
    await time.advance(201);
    expect(waited).toEqual([1_600, 1_700]);
  });

  it('refuses at once, with when to ask again, a request it could not let through in time', async () => {
    const time = manualTime();
    const q = queueWith(time, { maxWaitMs: 1_000 });
    q.pause(5_000);
    const refusal = await q.take('a')!.catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(QueueRefusal);
    expect(refusal).toMatchObject({ reason: 'wait', retryAfterMs: 5_100 });
    expect(q.waiting('a')).toBe(0);
  });

  it('refuses a user a request beyond their share of waiting ones', async () => {
    const time = manualTime();
    const q = queueWith(time, { burst: 1, maxWaitingPerLane: 2 });
    expect(q.take('a')).toBeNull();
    void q.take('a');
    void q.take('a');
    await expect(q.take('a')).rejects.toMatchObject({ reason: 'lane-full' });
    // Someone else still gets in line.
    expect(q.take('b')).toBeInstanceOf(Promise);
    expect(q.waitingTotal()).toBe(3);
  });

  it('keeps what the metrics read: held now, waited, refused by reason, and the budget left', async () => {
    const time = manualTime();
    const q = queueWith(time, { burst: 2, maxWaitingPerLane: 1 });
    expect(q.stats()).toMatchObject({ held: 0, waited: 0, waitedMs: 0, refused: { wait: 0, 'lane-full': 0 }, remaining: 2 });
    expect(q.take('a')).toBeNull();
    expect(q.stats().remaining).toBe(1);
    expect(q.take('a')).toBeNull();
    void q.take('a');
    await expect(q.take('a')).rejects.toMatchObject({ reason: 'lane-full' });
    expect(q.stats()).toMatchObject({ held: 1, waited: 0, refused: { wait: 0, 'lane-full': 1 }, remaining: 0 });
    await time.advance(100);
    expect(q.stats()).toMatchObject({ held: 0, waited: 1, waitedMs: 100, remaining: 0 });
    await time.advance(150);
    expect(q.stats().remaining).toBeCloseTo(1.5);
    q.pause(60_000);
    await expect(q.take('b')).rejects.toMatchObject({ reason: 'wait' });
    expect(q.stats()).toMatchObject({ refused: { wait: 1, 'lane-full': 1 }, remaining: 0 });
  });

  it('has no budget to speak of when no limit is known', () => {
    const q = new FairQueue({ ratePerSecond: Number.POSITIVE_INFINITY, burst: Number.POSITIVE_INFINITY, maxWaitMs: 10_000, maxWaitingPerLane: 50 });
    q.take('a');
    expect(q.stats().remaining).toBe(Number.POSITIVE_INFINITY);
  });
});
