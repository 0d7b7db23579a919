import { randomBytes } from 'node:crypto';
import type { BulkBatchDetail } from '../lib/bulk/schemas.ts';
import { ConsoleApiError } from '../lib/api-error.ts';
import { machine, startStack } from './lib/stack.ts';
import { loadAround, runMain } from './lib/run.ts';

// A 200-row bulk send (issue 24) on the `npm start` set-up with a rate-limited key, reviews
// automated: one sender makes the batch, then reviews row after row (a new receipt of the
// row, then the review with every page and section seen) with the batch paused, and resumes
// it at the last confirmation; the console's background work (server/jobs/, queue
// bulk-send-row) then sends every row, with no tab open. Meanwhile another operator reads
// lists every 250 ms.
// Measures:
// - the time from the last confirmation to the last package sent, against the floor the key's
//   rate limit allows for the API calls made meanwhile, the sends and the other operator's
//   (target ≤ 1.2× the floor; the console keeps a tenth of the limit in hand, so 1.11× at best);
// - packages the API made for the batch: exactly one per row (target 0 duplicates);
// - the other operator's reads during the batch (target p99 ≤ 500 ms, no errors).

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 200);
const RATE_LIMIT_PER_MINUTE = Number(process.env.BENCH_BULK_RATE ?? 1_200);
const READ_EVERY_MS = 250;
const TARGET_RATIO = 1.2;
const TARGET_READ_P99_MS = 500;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(s.length * q) - 1)]! : 0;
};

async function main() {
  const before = machine();
  const stack = await startStack({ rateLimitPerMinute: RATE_LIMIT_PER_MINUTE, operators: 2 });
  try {
    const [sender, other] = [await stack.signIn(stack.operators[0]), await stack.signIn(stack.operators[1])];
    const call = async <T>(cookie: string, method: string, path: string, body?: unknown, key?: string): Promise<T> => {
      const res = await fetch(`${stack.consoleUrl}${path}`, {
        method,
        headers: {
          cookie,
          origin: stack.consoleUrl,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) {
        const error = (JSON.parse(text || '{}') as { error?: { code?: string; message?: string } }).error;
        throw new ConsoleApiError(res.status, error?.code ?? 'HTTP', error?.message ?? text.slice(0, 200));
      }
      return JSON.parse(text) as T;
    };

    const tag = randomBytes(4).toString('hex');
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      line: i + 2,
      values: {
        sender_values: { counterparty_name: `Bulk ${tag} ${i}`, effective_date: '2027-01-15', governing_law: '' },
        signers: [
          { slot_id: 'company_signer', name: 'Grace Hopper', email: 'grace@example.com', phone: '+4915112345678' },
          { slot_id: 'counterparty_signer', name: `Contractor ${i}`, email: `c${i}.${tag}@example.org`, phone: '+442071234567' },
        ],
        expires_in_days: '',
        reference: `bench ${tag} ${i}`,
      },
    }));
    const made = await call<{ id: string }>(
      sender,
      'POST',
      '/api/bulk-batches',
      { template_id: 'dst_nda', name: `Bench ${tag}`, expires_in_days: '30', rows },
      `bench-create-${tag}`,
    );
    const batchPath = `/api/bulk-batches/${made.id}`;
    const readBatch = () => call<BulkBatchDetail>(sender, 'GET', batchPath);

    // The other operator, all along.
    const reads: number[] = [];
    let readErrors = 0;
    let reading = true;
    const READS = [
      '/api/packages?page=1&size=25',
      '/api/categories?page=1',
      '/api/document-sign-templates?page=1',
      '/api/approval-requests?page=1',
    ];
    const reader = (async () => {
      for (let i = 0; reading; i++) {
        const started = performance.now();
        try {
          await call(other, 'GET', READS[i % READS.length]!);
          reads.push(performance.now() - started);
        } catch {
          readErrors++;
        }
        await new Promise((r) => setTimeout(r, READ_EVERY_MS));
      }
    })();

    let lastSentAt = 0;
    let latest: BulkBatchDetail | null = null;
    // Reviews go faster than any sender can send, so the batch is paused while they run and
    // resumed at the last confirmation: every row is then waiting, and the drain is all pacing.
    await call(sender, 'POST', `${batchPath}/actions`, { action: 'pause' });
    const started = performance.now();
    let lastConfirmAt = 0;
    let unsentAtLastConfirm = 0;
    for (let position = 0; position < ROWS; position++) {
      const receipt = await call<{ preview_token: string; prepared_pdf: { page_count?: number } }>(
        sender,
        'POST',
        `${batchPath}/rows/${position}/preview`,
        {},
      );
      const pages = receipt.prepared_pdf.page_count ?? 1;
      const at = new Date().toISOString();
      await call(sender, 'POST', `${batchPath}/rows/${position}/review`, {
        preview_token: receipt.preview_token,
        review: {
          pages: Array.from({ length: pages }, (_, i) => ({ page: i + 1, seen_at: at })),
          sections: ['document', 'values', 'recipients', 'expiry'].map((id) => ({ id, seen_at: at })),
          page_count: pages,
          confirmed_at: at,
        },
      });
    }
    const upstreamAtLastConfirm = await stack.upstreamRequests();
    lastConfirmAt = performance.now();
    await call(sender, 'POST', `${batchPath}/actions`, { action: 'resume' });
    latest = await readBatch();
    unsentAtLastConfirm = (latest as BulkBatchDetail | null)?.rows.filter((r) => r.state !== 'sent').length ?? ROWS;
    const deadline = Date.now() + 10 * 60_000;
    let final = await readBatch();
    let sentSeen = final.counts.sent;
    // Read as the batch page does; the last package is taken as sent when a read first shows it.
    while (final.counts.sent + final.counts.failed < ROWS && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      final = await readBatch();
      if (final.counts.sent > sentSeen) {
        sentSeen = final.counts.sent;
        lastSentAt = performance.now();
      }
    }
    const upstreamAtLastSend = await stack.upstreamRequests();
    reading = false;
    await reader;
    const drainS = (lastSentAt - lastConfirmAt) / 1000;
    // The key serves at most its limit: every call made through it meanwhile (the sends, the
    // other operator's reads, the batch's own reads) could go no faster than this.
    const callsDuringDrain = upstreamAtLastSend - upstreamAtLastConfirm;
    const floorS = callsDuringDrain / (RATE_LIMIT_PER_MINUTE / 60);

    // Every package the API made, counted at the API itself: the stack is this bench's alone,
    // so every package there came from this batch.
    let packages = 0;
    for (let page = 1; ; page++) {
      const res = await fetch(`${stack.sandboxUrl}/api/v1/signature-packages?size=100&page=${page}`, {
        headers: { authorization: `Bearer ${stack.apiKey}`, 'x-service-environment': 'sandbox' },
      });
      if (!res.ok) throw new Error(`listing the API's packages: ${res.status} ${(await res.text()).slice(0, 200)}`);
      const body = (await res.json()) as { data: unknown[]; pagination?: { pages?: number } };
      packages += body.data.length;
      if (page >= (body.pagination?.pages ?? 1) || body.data.length === 0) break;
    }
    const ids = new Set(final.rows.map((r) => r.package_id).filter(Boolean));
    const duplicates = packages - ids.size;
    const ratio = floorS > 0 ? drainS / floorS : 0;
    const readP99 = quantile(reads, 0.99);
    const after = machine();
    const summary = {
      bench: 'bulk',
      rows: ROWS,
      rate_limit_per_minute: RATE_LIMIT_PER_MINUTE,
      total_s: Number(((performance.now() - started) / 1000).toFixed(1)),
      sent: final.counts.sent,
      failed: final.counts.failed,
      failed_rows: final.rows.filter((r) => r.state === 'failed').map((r) => `${r.line}: ${r.error?.message ?? ''}`),
      unsent_at_last_confirmation: unsentAtLastConfirm,
      api_calls_during_drain: callsDuringDrain,
      drain_s: Number(drainS.toFixed(2)),
      floor_s: Number(floorS.toFixed(2)),
      drain_to_floor: Number(ratio.toFixed(2)),
      packages_made: packages,
      duplicates,
      other_reads: reads.length,
      other_read_errors: readErrors,
      other_read_p50_ms: Number(quantile(reads, 0.5).toFixed(1)),
      other_read_p99_ms: Number(readP99.toFixed(1)),
      met:
        final.counts.sent === ROWS &&
        duplicates === 0 &&
        packages === ROWS &&
        ratio <= TARGET_RATIO &&
        readErrors === 0 &&
        readP99 <= TARGET_READ_P99_MS,
      targets: { drain_to_floor: TARGET_RATIO, duplicates: 0, other_read_p99_ms: TARGET_READ_P99_MS },
      ...loadAround(before, after),
    };
    console.log(
      `bulk: ${summary.sent}/${ROWS} sent in ${summary.total_s} s; last confirmation to last send ${summary.drain_s} s for ${unsentAtLastConfirm} unsent, ${callsDuringDrain} API calls in all (floor ${summary.floor_s} s, ${summary.drain_to_floor}×); ${packages} packages made, ${duplicates} duplicates; other operator's reads p50 ${summary.other_read_p50_ms} ms, p99 ${summary.other_read_p99_ms} ms, ${readErrors} errors`,
    );
    console.log(JSON.stringify(summary));
    if (!summary.met) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}

runMain(main);
