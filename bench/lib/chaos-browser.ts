import { ConsoleApiError } from '../../lib/api-error.ts';
import { errorFrom } from '../../lib/api-client.ts';
import { confirmDelayMs, isUnsettled } from '../../lib/confirm-loop.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { MAX_QUERY_ATTEMPTS, isTransient, queryRetryDelay } from '../../lib/query-retry.ts';
import { MAX_AUTO_RETRIES } from '../../lib/upload/upload-machine.ts';
import { classifyAnswer, type RawAnswer } from '../../lib/upload/upload-response.ts';

// One simulated browser: what the console's own browser code does with a keyed write, run
// from Node. Followed, file by file:
// - lib/use-keyed-mutation.ts + lib/intents/intent-key.ts: one key per intent, taken when the
//   user acts and reused by every retry of the same input; a definite answer (2xx, or a refusal
//   that is not "unsettled") ends the intent.
// - lib/confirm-loop.ts: which failures leave the outcome unknown (isUnsettled: no answer, 5xx,
//   429, 409 IDEMPOTENCY_IN_PROGRESS) and the resend schedule (confirmDelayMs: 1, 2, 4, 8, 15,
//   15… s). Package send confirms by itself (`confirm: true`); the other forms keep the key and
//   the user's "Try again" resends it — modelled here on the same schedule.
// - lib/upload/upload-machine.ts + upload-response.ts (components/documents/use-upload.ts):
//   uploads wait out a busy answer (503, 429, key still running) by Retry-After, up to
//   MAX_AUTO_RETRIES, and after a network failure or a 5xx the user's Retry reuses the file's key.
// - lib/query-retry.ts: unkeyed steps (reads, preview, opening the editor) retry transient
//   failures with its backoff, and the user presses "Try again" once after it gives up.
// The server's Intent-State header is not read by the browser (it decides by status and code),
// so here it is only compared with that decision: a disagreement is counted, not obeyed.

export type Outcome = 'done' | 'refused' | 'gave_up';

export interface WriteRecord {
  kind: string;
  /** what identifies the write's effect in the sandbox: a name, external_id, id or value */
  marker: string;
  /** the record the write acts on, when it acts on an existing one */
  target: string | null;
  /** the version the write was based on, where a version counts how often a change was applied */
  base?: number;
  /** what the sandbox showed right after the answer, for effects a later write overwrites */
  evidence?: { present: boolean; count: number; why: string };
  key: string;
  attempts: number;
  outcome: Outcome;
  /** a 2xx answer reached the browser */
  acknowledged: boolean;
  /** the id in the 2xx answer */
  resultId: string | null;
  lastStatus: number;
  lastCode: string | null;
  /** Intent-State headers that disagreed with the browser's own reading of the answer */
  stateMismatches: number;
  ms: number;
}

/** Attempts of one intent before the simulated user gives up (the confirm loop itself never does). */
const MAX_ATTEMPTS = Number(process.env.CHAOS_MAX_ATTEMPTS ?? 12);
/**
 * CHAOS_NAIVE_RETRY=1: a browser that takes a new key for every retry — what the journal and the
 * keys exist to prevent. Not the console's behaviour: it shows that the verdict does catch
 * duplicates and failed archives when the retry policy is wrong.
 */
const NAIVE = process.env.CHAOS_NAIVE_RETRY === '1';
/** A browser waits this long for an answer before the request counts as unanswered. */
const ANSWER_TIMEOUT_MS = 60_000;

/** The Intent-State header of a failed answer, beside the error the browser code makes of it. */
const intentStateOf = new WeakMap<ConsoleApiError, string | null>();

let inFlight = 0;
/** Requests of every simulated browser waiting for their answer now: a kill lands on these. */
export const requestsInFlight = () => inFlight;

/** fetch, counted while it waits for its answer. */
async function counted(url: string, init: RequestInit): Promise<Response> {
  inFlight += 1;
  try {
    return await fetch(url, init);
  } finally {
    inFlight -= 1;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class ChaosBrowser {
  readonly records: WriteRecord[] = [];

  constructor(
    private readonly consoleUrl: string,
    private readonly cookie: string,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      accept: 'application/json',
      cookie: this.cookie,
      origin: this.consoleUrl,
      'sec-fetch-site': 'same-origin',
      ...extra,
    };
  }

  /** One request as lib/api-client.ts makes it: a failure becomes a ConsoleApiError (status 0 for no answer). */
  private async once(
    method: string,
    path: string,
    init: { body?: BodyInit; headers?: Record<string, string> },
  ): Promise<{ res: Response; json: unknown }> {
    let res: Response;
    try {
      res = await counted(`${this.consoleUrl}${path}`, {
        method,
        headers: this.headers(init.headers),
        body: init.body,
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      });
      if (res.ok) return { res, json: (await res.json()) as unknown };
    } catch {
      throw new ConsoleApiError(0, 'NETWORK_ERROR', 'The console could not be reached.');
    }
    const error = await errorFrom(res);
    intentStateOf.set(error, res.headers.get('intent-state'));
    throw error;
  }

  /** An unkeyed step (read, preview, editor open), retried as queries are, plus one "Try again". */
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const init = body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
    for (let failures = 0; ; failures++) {
      try {
        return (await this.once(method, path, init)).json as T;
      } catch (err) {
        if (!isTransient(err) || failures + 1 >= 2 * MAX_QUERY_ATTEMPTS) throw err;
        await sleep(queryRetryDelay(failures % MAX_QUERY_ATTEMPTS, err));
      }
    }
  }

  /** A keyed JSON write: the same key on every attempt until a definite answer. */
  async write<T extends { id?: string }>(w: {
    kind: string;
    marker: string;
    target?: string;
    base?: number;
    method: string;
    path: string;
    body: unknown;
  }): Promise<{ record: WriteRecord; result: T | null }> {
    const record = this.start(w.kind, w.marker, w.target ?? null);
    if (w.base !== undefined) record.base = w.base;
    const started = performance.now();
    let result: T | null = null;
    for (;;) {
      record.attempts += 1;
      if (NAIVE && record.attempts > 1) record.key = newIdempotencyKey('chaos-naive');
      try {
        const { res, json } = await this.once(w.method, w.path, {
          body: JSON.stringify(w.body),
          headers: { 'content-type': 'application/json', 'idempotency-key': record.key },
        });
        this.checkState(record, res.headers.get('intent-state'), 'succeeded');
        result = json as T;
        this.settle(record, 'done', res.status, null, result?.id ?? null);
        break;
      } catch (err) {
        const e = err instanceof ConsoleApiError ? err : new ConsoleApiError(0, 'NETWORK_ERROR', String(err));
        record.lastStatus = e.status;
        record.lastCode = e.code;
        this.checkState(record, intentStateOf.get(e) ?? null, isUnsettled(e) ? 'unknown' : 'failed');
        if (!isUnsettled(e)) {
          this.settle(record, 'refused', e.status, e.code, null);
          break;
        }
        if (record.attempts >= MAX_ATTEMPTS) {
          record.outcome = 'gave_up';
          break;
        }
        await sleep(confirmDelayMs(record.attempts));
      }
    }
    record.ms = Math.round(performance.now() - started);
    return { record, result };
  }

  /** An upload as use-upload.ts sends it: multipart {logicalPurpose, file}, the file's key on every attempt. */
  async upload<T extends { id?: string }>(w: {
    marker: string;
    fileName: string;
    pdf: Uint8Array;
  }): Promise<{ record: WriteRecord; result: T | null }> {
    const record = this.start('document.upload', w.marker, null);
    const started = performance.now();
    let autoRetries = 0;
    let result: T | null = null;
    for (;;) {
      record.attempts += 1;
      if (NAIVE && record.attempts > 1) record.key = newIdempotencyKey('chaos-naive');
      const form = new FormData();
      form.append('logicalPurpose', 'ATTACHMENT');
      form.append('file', new Blob([new Uint8Array(w.pdf)], { type: 'application/pdf' }), w.fileName);
      let raw: RawAnswer;
      let state: string | null = null;
      try {
        const res = await counted(`${this.consoleUrl}/api/documents`, {
          method: 'POST',
          headers: this.headers({ 'idempotency-key': record.key }),
          body: form,
          signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
        });
        raw = { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
        state = res.headers.get('intent-state');
      } catch {
        raw = { status: 0, retryAfter: null, body: '' };
      }
      const outcome = classifyAnswer(raw);
      record.lastStatus = raw.status;
      if (outcome.kind === 'ok') {
        this.checkState(record, state, 'succeeded');
        result = outcome.document as unknown as T;
        this.settle(record, 'done', raw.status, null, outcome.document.id);
        break;
      }
      if (outcome.kind === 'unauthenticated') {
        this.settle(record, 'refused', 401, 'UNAUTHENTICATED', null);
        break;
      }
      const code = outcome.kind === 'network' ? 'NETWORK_ERROR' : outcome.code;
      record.lastCode = code;
      if (raw.status !== 0)
        this.checkState(record, state, isUnsettled(new ConsoleApiError(raw.status, code, '')) ? 'unknown' : 'failed');
      if (outcome.kind === 'rejected' && outcome.status < 500) {
        this.settle(record, 'refused', raw.status, code, null);
        break;
      }
      if (record.attempts >= MAX_ATTEMPTS) {
        record.outcome = 'gave_up';
        break;
      }
      if (outcome.kind === 'busy' && autoRetries < MAX_AUTO_RETRIES) {
        autoRetries += 1;
        await sleep(outcome.seconds * 1000);
      } else {
        // The row offers Retry; the user presses it (the same key: upload-machine.ts keeps it).
        autoRetries = 0;
        await sleep(confirmDelayMs(record.attempts));
      }
    }
    record.ms = Math.round(performance.now() - started);
    return { record, result };
  }

  private start(kind: string, marker: string, target: string | null): WriteRecord {
    const record: WriteRecord = {
      kind,
      marker,
      target,
      key: newIdempotencyKey(`chaos-${kind.replace(/[^a-z]/g, '')}`),
      attempts: 0,
      outcome: 'gave_up',
      acknowledged: false,
      resultId: null,
      lastStatus: 0,
      lastCode: null,
      stateMismatches: 0,
      ms: 0,
    };
    this.records.push(record);
    return record;
  }

  private settle(record: WriteRecord, outcome: Outcome, status: number, code: string | null, resultId: string | null) {
    record.outcome = outcome;
    record.lastStatus = status;
    record.lastCode = code;
    if (outcome === 'done') {
      record.acknowledged = true;
      record.resultId = resultId;
    }
  }

  private checkState(record: WriteRecord, header: string | null, expected: string) {
    if (header !== null && header !== expected) record.stateMismatches += 1;
  }
}
