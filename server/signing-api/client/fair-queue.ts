import 'server-only';

// Pure scheduling, no I/O: the upstream budget (upstream-budget.ts) wraps it with the
// console's settings, and its unit test drives it with a fake clock.

export interface FairQueueOptions {
  /** requests a second the queue lets through on average; Infinity when no limit is known */
  ratePerSecond: number;
  /** requests that may go at once after a quiet spell */
  burst: number;
  /** the longest a request is held before it is refused instead */
  maxWaitMs: number;
  /** requests one lane (one user) may have waiting; more are refused at once */
  maxWaitingPerLane: number;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => { unref?: () => void } | number;
}

/** Why a request was not let through: held too long, or too many waiting for one user. */
export class QueueRefusal extends Error {
  constructor(
    readonly reason: 'wait' | 'lane-full',
    /** when asking again makes sense, in ms */
    readonly retryAfterMs: number,
  ) {
    super(reason === 'wait' ? 'held too long' : 'too many waiting');
  }
}

/** What the queue has done since it was made, and how it stands now (the metrics read it). */
export interface FairQueueStats {
  /** requests waiting now */
  held: number;
  /** requests that waited and were let through, and how long they waited in all */
  waited: number;
  waitedMs: number;
  refused: Record<QueueRefusal['reason'], number>;
  /** requests that may go now without waiting (Infinity when no limit is known) */
  remaining: number;
}

interface Waiter {
  enqueuedAt: number;
  resolve(waitedMs: number): void;
  reject(err: Error): void;
}

/**
 * A token bucket whose waiting requests are served one lane at a time, in turn: whoever has
 * fifty requests waiting delays only their own, never another user's one. While paused (the
 * API answered 429 with Retry-After), nothing goes until the pause ends.
 */
export class FairQueue {
  private tokens: number;
  private refilledAt: number;
  private pausedUntil = 0;
  /** lanes with waiters, in serving order (a Map keeps insertion order) */
  private readonly lanes = new Map<string, Waiter[]>();
  private timer: ReturnType<NonNullable<FairQueueOptions['setTimer']>> | null = null;
  private readonly now: () => number;
  private readonly setTimer: NonNullable<FairQueueOptions['setTimer']>;
  private readonly counts = { waited: 0, waitedMs: 0, refused: { wait: 0, 'lane-full': 0 } };

  constructor(private readonly opts: FairQueueOptions) {
    this.now = opts.now ?? (() => performance.now());
    this.setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.tokens = opts.burst;
    this.refilledAt = this.now();
  }

  /**
   * null when the request may go now (the common case costs no promise); otherwise a promise
   * of how long it waited, refused with a QueueRefusal when it cannot be let through in time.
   */
  take(lane: string): Promise<number> | null {
    const now = this.now();
    this.refill(now);
    if (this.lanes.size === 0 && now >= this.pausedUntil && this.tokens >= 1) {
      this.tokens -= 1;
      return null;
    }
    const waiting = this.lanes.get(lane);
    if (waiting && waiting.length >= this.opts.maxWaitingPerLane) return Promise.reject(this.refusal('lane-full', this.expectedWaitMs(now)));
    const expected = this.expectedWaitMs(now, waiting ? waiting.length + 1 : 1);
    if (expected > this.opts.maxWaitMs) return Promise.reject(this.refusal('wait', expected));
    return new Promise<number>((resolve, reject) => {
      const waiter: Waiter = { enqueuedAt: now, resolve, reject };
      if (waiting) waiting.push(waiter);
      else this.lanes.set(lane, [waiter]);
      this.schedule();
    });
  }

  /**
   * The API refused for rate: nobody goes for `forMs`, and the bucket starts empty when the
   * pause ends, since the API's own bucket has only just begun to refill then.
   */
  pause(forMs: number) {
    const now = this.now();
    this.pausedUntil = Math.max(this.pausedUntil, now + forMs);
    this.tokens = 0;
    this.refilledAt = this.pausedUntil;
    this.schedule();
  }

  /** Requests of `lane` waiting now. */
  waiting(lane: string): number {
    return this.lanes.get(lane)?.length ?? 0;
  }

  /** Requests of every lane waiting now. */
  waitingTotal(): number {
    let n = 0;
    for (const w of this.lanes.values()) n += w.length;
    return n;
  }

  stats(): FairQueueStats {
    const now = this.now();
    this.refill(now);
    const remaining = now < this.pausedUntil ? 0 : this.tokens;
    return { held: this.waitingTotal(), ...this.counts, refused: { ...this.counts.refused }, remaining };
  }

  private refusal(reason: QueueRefusal['reason'], retryAfterMs: number): QueueRefusal {
    this.counts.refused[reason] += 1;
    return new QueueRefusal(reason, retryAfterMs);
  }

  private refill(now: number) {
    if (!Number.isFinite(this.opts.ratePerSecond)) {
      if (now >= this.pausedUntil) this.tokens = this.opts.burst;
      return;
    }
    if (now <= this.refilledAt) return;
    this.tokens = Math.min(this.opts.burst, this.tokens + ((now - this.refilledAt) * this.opts.ratePerSecond) / 1000);
    this.refilledAt = now;
  }

  /** How long the `position`-th request from now would wait, lanes taking turns aside. */
  private expectedWaitMs(now: number, position = 1): number {
    const pause = Math.max(0, this.pausedUntil - now);
    if (!Number.isFinite(this.opts.ratePerSecond)) return pause;
    // Served in turns: a lane's n-th waiter goes after its own n - 1 and up to n of every
    // other lane's waiters (its own lane holds n - 1, so the same sum counts them).
    let ahead = 0;
    for (const waiters of this.lanes.values()) ahead += Math.min(waiters.length, position);
    const deficit = Math.max(0, ahead + 1 - this.tokens);
    return pause + (deficit * 1000) / this.opts.ratePerSecond;
  }

  private schedule() {
    if (this.timer !== null || this.lanes.size === 0) return;
    const now = this.now();
    this.refill(now);
    let wait = Math.max(0, this.pausedUntil - now);
    if (wait === 0 && this.tokens < 1) wait = ((1 - this.tokens) * 1000) / this.opts.ratePerSecond;
    const timer = this.setTimer(() => {
      this.timer = null;
      this.release();
    }, Math.ceil(wait));
    if (typeof timer === 'object') timer.unref?.();
    this.timer = timer;
  }

  /** Lets through as many waiters as tokens allow, one lane at a time. */
  private release() {
    const now = this.now();
    this.refill(now);
    while (this.lanes.size > 0 && now >= this.pausedUntil && this.tokens >= 1) {
      const [lane, waiters] = this.lanes.entries().next().value!;
      const waiter = waiters.shift()!;
      this.lanes.delete(lane);
      // The lane goes to the back of the line with whatever it still has waiting.
      if (waiters.length > 0) this.lanes.set(lane, waiters);
      if (now - waiter.enqueuedAt > this.opts.maxWaitMs) {
        waiter.reject(this.refusal('wait', this.expectedWaitMs(now)));
        continue;
      }
      this.tokens -= 1;
      this.counts.waited += 1;
      this.counts.waitedMs += now - waiter.enqueuedAt;
      waiter.resolve(now - waiter.enqueuedAt);
    }
    this.schedule();
  }
}
