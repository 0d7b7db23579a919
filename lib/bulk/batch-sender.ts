import { ConsoleApiError } from '../api-error.ts';
import { confirmDelayMs, isUnsettled } from '../confirm-loop.ts';
import type { BulkBatchDetail, BulkRow } from './schemas.ts';

// Sends a batch's confirmed rows, a few at a time, while the sender goes on reviewing. Kept
// apart from React so the rules are tested on their own:
// - only rows the server says are reviewed are sent, and only while the batch is open;
// - a row keeps its key until a definite answer: an unknown outcome is asked again under the
//   same key (the server binds the key to the row, so no second send can start meanwhile);
// - a receipt close to its end is never sent: the row is previewed again first (the server
//   keeps its review when the populated PDF is the same);
// - the server's fair queue paces the calls: the sender never has more than CONCURRENCY out.

export const CONCURRENCY = 2;
/** A receipt with less than this left is previewed again before it is sent. */
export const RECEIPT_MARGIN_MS = 60_000;

export interface HeldReceipt {
  token: string;
  /** when it ends, on the API's clock */
  endsAt: number;
}

export interface SenderDeps {
  preview(position: number): Promise<HeldReceipt & { reviewKept: boolean }>;
  send(position: number, token: string, key: string): Promise<BulkRow>;
  /** the same request again under a key whose outcome is unknown, from the console's journal (after a reload) */
  resend(key: string): Promise<BulkRow | null>;
  newKey(): string;
  /** the API's now */
  now(): number;
  /** a row's state may have changed: read the batch again */
  changed(): void;
  /** a row's send was refused for good: in words, and the refusal's code */
  refused(row: BulkRow, message: string, code: string | null): void;
  wait(ms: number): Promise<void>;
}

export class BatchSender {
  private readonly receipts = new Map<number, HeldReceipt>();
  private readonly keys = new Map<number, { key: string; token: string }>();
  private readonly busy = new Set<number>();
  private readonly attempts = new Map<number, number>();
  /** rows whose first send from this tab awaits its answer: not yet a matter of confirming */
  private readonly fresh = new Set<number>();
  private stopped = false;

  constructor(private readonly deps: SenderDeps) {}

  /** A receipt the sender reviewed in this tab: sent as it is while it lasts. */
  hold(position: number, receipt: HeldReceipt) {
    this.receipts.set(position, receipt);
  }

  stop() {
    this.stopped = true;
  }

  /** Rows being worked on now. */
  get inFlight(): ReadonlySet<number> {
    return this.busy;
  }

  /** Whether a row that reads as sending is awaiting its first answer here, rather than being confirmed. */
  firstAnswerAwaited(position: number): boolean {
    return this.fresh.has(position);
  }

  /** Starts what the batch, as last read, allows. */
  sync(batch: BulkBatchDetail) {
    if (this.stopped) return;
    for (const row of batch.rows) {
      if (this.busy.size >= CONCURRENCY) return;
      if (this.busy.has(row.position)) continue;
      // A send under way is settled whatever the batch's state; a new one only in an open batch.
      if (row.state === 'sending') this.run(row, () => this.settle(row));
      else if (row.state === 'reviewed' && batch.state === 'open') this.run(row, () => this.start(row));
    }
  }

  private run(row: BulkRow, work: () => Promise<void>) {
    this.busy.add(row.position);
    void work()
      .catch((err: unknown) => this.failed(row, err))
      .finally(() => {
        this.busy.delete(row.position);
        this.fresh.delete(row.position);
        this.deps.changed();
      });
  }

  private async start(row: BulkRow) {
    await this.pause(row);
    let receipt = this.receipts.get(row.position);
    if (!receipt || receipt.endsAt - this.deps.now() < RECEIPT_MARGIN_MS) {
      const fresh = await this.deps.preview(row.position);
      // Another document than the one reviewed: the row is to be reviewed again, not sent.
      if (!fresh.reviewKept) return;
      receipt = fresh;
      this.receipts.set(row.position, receipt);
    }
    const key = this.deps.newKey();
    this.keys.set(row.position, { key, token: receipt.token });
    this.fresh.add(row.position);
    await this.sendWith(row, key, receipt.token);
  }

  private async settle(row: BulkRow) {
    const mine = this.keys.get(row.position);
    await this.pause(row);
    if (mine && mine.key === row.send_key) return this.sendWith(row, mine.key, mine.token);
    // Begun elsewhere or before a reload: the console's journal holds the very request.
    if (row.send_key) await this.deps.resend(row.send_key);
  }

  private async sendWith(row: BulkRow, key: string, token: string) {
    await this.deps.send(row.position, token, key);
    this.keys.delete(row.position);
    this.receipts.delete(row.position);
    this.attempts.delete(row.position);
  }

  /** Backs off between attempts at the same row, as the confirm loop does. */
  private async pause(row: BulkRow) {
    const attempt = this.attempts.get(row.position) ?? 0;
    if (attempt > 0) await this.deps.wait(confirmDelayMs(attempt));
  }

  private failed(row: BulkRow, err: unknown) {
    this.attempts.set(row.position, (this.attempts.get(row.position) ?? 0) + 1);
    if (isUnsettled(err)) return;
    // Definite: nothing was sent under this key. The server has marked the row as it should
    // be (failed, back to review, or untouched while paused); the receipt goes with the key.
    this.keys.delete(row.position);
    this.receipts.delete(row.position);
    this.deps.refused(
      row,
      err instanceof Error ? err.message : 'The send was refused.',
      err instanceof ConsoleApiError ? err.code : null,
    );
  }
}
