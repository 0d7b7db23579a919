import { ConsoleApiError } from './api-error.ts';

// Settling an action whose answer was lost (DESIGN.md section 6): the same request is sent
// again under the same key, with backoff, until the API answers definitely. Kept apart from
// React so the schedule is tested on its own.

export type Confirmation<T> =
  | { state: 'idle' }
  | { state: 'confirming'; attempt: number; nextAt: number; lastError: string }
  | { state: 'done'; result: T }
  | { state: 'refused'; error: unknown };

/** Waits between confirmations: quick at first, then no more often than every 15 s. */
export const confirmDelayMs = (attempt: number) => Math.min(15_000, 1_000 * 2 ** Math.max(0, attempt - 1));

/**
 * The console's code for "a request under this key is still running" (its outcome decides).
 * Hosts need not name it: the console's server decides it from the status and a fresh read.
 */
export const KEY_STILL_RUNNING = 'IDEMPOTENCY_IN_PROGRESS';

/**
 * Failures after which the outcome is unknown or temporary (network, 5xx, 429, the same key
 * still running): retrying with the same key is safe and may find the first attempt's answer.
 */
export function isUnsettled(err: unknown): boolean {
  if (!(err instanceof ConsoleApiError)) return true;
  return unsettledAnswer(err.status, err.code);
}

/** The same rule by status and code, shared with the server's intent journal (0: no answer at all). */
export function unsettledAnswer(status: number, code?: string | null): boolean {
  return status === 0 || status >= 500 || status === 429 || (status === 409 && code === KEY_STILL_RUNNING);
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'No answer.');

export class ConfirmLoop<T> {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private running = false;
  private stopped = false;
  private waiting = false;

  constructor(
    private resend: () => Promise<T>,
    private onChange: (status: Confirmation<T>) => void,
    /** a hidden page does not spend the API's budget; it resumes when shown */
    private readonly hidden: () => boolean = () => false,
  ) {}

  /** The owner's latest request and listener (a React owner re-renders with new closures). */
  configure(resend: () => Promise<T>, onChange: (status: Confirmation<T>) => void) {
    this.resend = resend;
    this.onChange = onChange;
  }

  /** After an unsettled failure: confirm from now on. */
  start(err: unknown) {
    this.schedule(messageOf(err));
  }

  /** Confirm at once (the "Confirm now" button, or the page becoming visible again). */
  async tryNow(): Promise<void> {
    if (this.running || this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.hidden()) {
      this.waiting = true;
      return;
    }
    this.waiting = false;
    this.running = true;
    try {
      const result = await this.resend();
      if (!this.stopped) this.onChange({ state: 'done', result });
    } catch (err) {
      if (this.stopped) return;
      if (isUnsettled(err)) this.schedule(messageOf(err));
      else this.onChange({ state: 'refused', error: err });
    } finally {
      this.running = false;
    }
  }

  /** The page was shown again: a confirmation that waited for it goes now. */
  resume() {
    if (this.waiting) void this.tryNow();
  }

  /** Mounted (again): React may unmount and remount the same owner. */
  attach() {
    this.stopped = false;
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(lastError: string) {
    if (this.stopped) return;
    this.attempt += 1;
    const wait = confirmDelayMs(this.attempt);
    this.onChange({ state: 'confirming', attempt: this.attempt, nextAt: Date.now() + wait, lastError });
    this.timer = setTimeout(() => void this.tryNow(), wait);
  }
}
