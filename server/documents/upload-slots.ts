import 'server-only';
import { TOO_MANY_UPLOADS, UPLOAD_SLOTS_BUSY } from '@/lib/upload/unsent-refusals';
import { env } from '../env';
import { ConsoleError } from '../errors';

// How many uploads this console instance handles at once (issue 33). The API's upload
// capacity is shared by every user of the key, and one user trickling a few bodies used to
// hold all of it. Now an upload takes, on arrival, one of its user's slots and one of the
// instance's receiving slots (or is refused at once), is received whole into a temp file, and
// only then takes one of the instance's sending slots, for the quick transfer to the API. A
// slow client so holds only what is its own: a user slot and a temp file, never the API.

export interface UploadLimits {
  /** uploads one user may have in flight on this instance (received or being sent) */
  perUser: number;
  /** uploads this instance receives at once (temp files on its disk) */
  receiving: number;
  /** uploads this instance sends to the API at once: below the API's upload capacity */
  sending: number;
}

/** Seconds a refused upload is told to wait: the browser counts them down and retries. */
const USER_RETRY_AFTER_S = 5;
const INSTANCE_RETRY_AFTER_S = 3;

export class UploadSlots {
  private readonly perUser = new Map<string, number>();
  private receiving = 0;
  private sending = 0;
  private readonly waiters: (() => void)[] = [];

  constructor(readonly limits: UploadLimits) {}

  /** On arrival: a user slot and a receiving slot, or a refusal at once. Release exactly once. */
  admit(userId: string): () => void {
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.limits.perUser) {
      throw new ConsoleError(
        429,
        TOO_MANY_UPLOADS,
        `You already have ${this.limits.perUser} uploads in progress. This one can start once one of them has finished.`,
        [],
        { 'Retry-After': String(USER_RETRY_AFTER_S) },
      );
    }
    if (this.receiving >= this.limits.receiving) throw busy();
    this.perUser.set(userId, mine + 1);
    this.receiving++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.receiving--;
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    };
  }

  /**
   * Once the body is whole: a sending slot, waited for in turn (a send is a local file to the
   * API, so a turn comes quickly) up to `maxWaitMs`, then refused. Release exactly once.
   */
  async send(signal: AbortSignal, maxWaitMs: number): Promise<() => void> {
    if (this.sending >= this.limits.sending) await this.turn(signal, maxWaitMs);
    else this.sending++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      // The slot passes straight to the next in line, so nobody arriving later overtakes them.
      const next = this.waiters.shift();
      if (next) next();
      else this.sending--;
    };
  }

  /** What is held now (the health of the limits, and tests). */
  usage() {
    return { users: this.perUser.size, receiving: this.receiving, sending: this.sending, waiting: this.waiters.length };
  }

  private turn(signal: AbortSignal, maxWaitMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const leave = (err: unknown) => {
        const at = this.waiters.indexOf(granted);
        if (at >= 0) this.waiters.splice(at, 1);
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        reject(err);
      };
      const granted = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => leave(signal.reason);
      const timer = setTimeout(() => leave(busy()), maxWaitMs);
      if (signal.aborted) return leave(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(granted);
    });
  }
}

function busy() {
  return new ConsoleError(
    503,
    UPLOAD_SLOTS_BUSY,
    'The console is handling as many uploads as it can at once. Yours starts again in a few seconds.',
    [],
    { 'Retry-After': String(INSTANCE_RETRY_AFTER_S) },
  );
}

// One set of slots per console process, kept on globalThis so Next's dev reloads share it.
const holder = globalThis as unknown as { signdeskUploadSlots?: UploadSlots };

export function uploadSlots(): UploadSlots {
  if (!holder.signdeskUploadSlots) {
    const e = env();
    holder.signdeskUploadSlots = new UploadSlots({
      perUser: e.UPLOADS_PER_USER,
      receiving: e.UPLOADS_RECEIVING_PER_INSTANCE,
      sending: e.UPLOADS_PER_INSTANCE,
    });
  }
  return holder.signdeskUploadSlots;
}
