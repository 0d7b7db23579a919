import { createHash } from 'node:crypto';
import type { Db } from './store/db.ts';
import { conflict } from './http/errors.ts';
import { fingerprintText } from './fingerprint-text.ts';

export interface StoredReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY = /^[!-~]{8,160}$/;

// The first completed answer for (app, key) is kept 24 h and replayed byte for byte; a
// request still running holds the key in memory only, so a crash never leaves it stuck.
export class Idempotency {
  private readonly running = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** Never throws: a body that reaches this point may still be odd (see fingerprint-text.ts). */
  static fingerprint(...parts: unknown[]): string {
    return createHash('sha256').update(fingerprintText(parts)).digest('hex');
  }

  /**
   * Throws 409 on a key that is running or was used differently; returns a stored reply to replay.
   * `heldByCaller`: the caller itself reserved the key (streaming routes look up after reading the body).
   */
  lookup(scope: string, key: string, operation: string, fingerprint: string | null, heldByCaller = false): StoredReply | null {
    const slot = `${scope}\u0000${key}`;
    const row = this.db
      .prepare<
        [string, string],
        { operation: string; fingerprint: string; status: number; headers: string; body: Buffer; created_at: number }
      >('SELECT operation, fingerprint, status, headers, body, created_at FROM idempotency WHERE app_id = ? AND key = ?')
      .get(scope, key);
    if (row && this.now() - row.created_at < TTL_MS) {
      if (row.operation !== operation || (fingerprint !== null && row.fingerprint !== fingerprint)) {
        throw conflict(
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was already used for a different request. Use a new key for a new intent.',
        );
      }
      if (fingerprint !== null)
        return { status: row.status, headers: JSON.parse(row.headers) as Record<string, string>, body: row.body };
    }
    if (!heldByCaller && this.running.has(slot)) {
      throw conflict('IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is still being processed. Retry shortly.');
    }
    return null;
  }

  reserve(scope: string, key: string): () => void {
    const slot = `${scope}\u0000${key}`;
    if (this.running.has(slot)) {
      throw conflict('IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is still being processed. Retry shortly.');
    }
    this.running.add(slot);
    return () => this.running.delete(slot);
  }

  store(scope: string, key: string, operation: string, fingerprint: string, reply: StoredReply): void {
    this.db
      .prepare(
        `INSERT INTO idempotency (app_id, key, operation, fingerprint, status, headers, body, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (app_id, key) DO UPDATE SET operation = excluded.operation, fingerprint = excluded.fingerprint,
           status = excluded.status, headers = excluded.headers, body = excluded.body, created_at = excluded.created_at`,
      )
      .run(scope, key, operation, fingerprint, reply.status, JSON.stringify(reply.headers), reply.body, this.now());
  }
}

/** Outcomes are remembered; validation failures, unknown targets (404), rate limiting and faults are not. */
export const isStorable = (status: number) => status < 400 || status === 409 || status === 410;
