import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { startTestSandbox } from '../sandbox/conformance/harness.ts';
import { ndaBody } from '../sandbox/conformance/package-fixtures.ts';
import type { PackageRecord } from '../sandbox/domain/packages.ts';
import { loadAround, runMain } from './lib/run.ts';
import { machine } from './lib/stack.ts';

// The watcher's cost (issue 36): 1,000 and then 10,000 open packages at the sandbox, and the
// watcher's use case (server/watcher/watch-open-records.ts) run as its job runs it, with its
// default share of the key (20 calls per run). The sandbox counts every call the key made.
// Measures, at each size: calls per run (at most the share, whatever the size), runs and
// calls per sweep (one call per 100 open records, against one per record for reading each),
// the run's time, and that a sweep after 10 packages were signed records exactly those 10.

const SIZES = (process.env.BENCH_WATCHER_SIZES ?? '1000,10000').split(',').map(Number);
const MAX_CALLS = Number(process.env.BENCH_WATCHER_CALLS ?? 20);
const SIGNED = 10;

async function main() {
  const before = machine();
  const sandbox = await startTestSandbox();
  const appId = `watcher_${Date.now()}`;
  const key = await sandbox.newKey({ appId });
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-watcher-'));
  // The console's modules read their settings once, from here: set before they are imported.
  Object.assign(process.env, {
    SIGNING_API_BASE_URL: sandbox.url,
    SIGNING_API_KEY: key,
    SESSION_PASSWORD: randomBytes(32).toString('hex'),
    CONSOLE_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  });
  const { db } = await import('../server/db/index.ts');
  const { watchOpenRecords } = await import('../server/watcher/watch-open-records.ts');
  const database = await db();
  const calls = () => sandbox.sandbox.services.requestsByApp.get(appId) ?? 0;

  // One package sent the API's way, then copied: the watcher reads lists, so only the rows count.
  const preview = await sandbox.call('POST', '/api/v1/signature-packages/preview', { key, body: ndaBody() });
  const sent = await sandbox.call('POST', '/api/v1/signature-packages', {
    key,
    body: { template_id: 'dst_nda', preview_token: preview.body.preview_token, confirmed: true },
    idempotencyKey: `bench-${randomBytes(6).toString('hex')}`,
  });
  if (sent.status !== 201) throw new Error(`send refused: ${sent.status} ${sent.bytes.toString().slice(0, 200)}`);
  const { records } = sandbox.sandbox.services;
  const original = records.get<PackageRecord>('package', sent.body.id as string)!;
  const delivered: PackageRecord = {
    ...original,
    status: 'delivered',
    invitation_status: 'delivered',
    delivered_at: original.sent_at,
    signers: original.signers.map((s) => ({ ...s, status: 'invited' as const })),
  };
  records.update('package', delivered);
  const ids: string[] = [original.id];
  const seed = (n: number) =>
    records.tx(() => {
      for (let i = 0; i < n; i++) {
        const id = `pkg_${randomBytes(10).toString('hex')}`;
        records.insert('package', { ...delivered, id }, appId);
        ids.push(id);
      }
    });

  const rows: Record<string, unknown>[] = [];
  for (const size of SIZES) {
    seed(size - ids.length);
    const sweep = async () => {
      const runs: { calls: number; ms: number; changes: number }[] = [];
      for (let done = false; !done && runs.length < 1_000;) {
        const [c0, t0] = [calls(), performance.now()];
        const run = await watchOpenRecords({ db: database, maxCalls: MAX_CALLS });
        runs.push({ calls: calls() - c0, ms: performance.now() - t0, changes: run.changes });
        done = run.sweepCompleted;
      }
      return runs;
    };
    const first = await sweep(); // records every package once (its first status)
    const steady = await sweep(); // nothing changed
    const signed = ids.slice(-SIGNED);
    for (const id of signed) {
      const done = await sandbox.control(`/signature-packages/${id}/actions`, { action: 'complete' });
      if (done.status !== 200) throw new Error(`package not signed: ${done.status} ${done.bytes.toString().slice(0, 200)}`);
    }
    const after = await sweep();
    const sum = (rs: { calls: number }[]) => rs.reduce((n, r) => n + r.calls, 0);
    const row = {
      open_packages: size,
      max_calls_per_run: Math.max(...[...first, ...steady, ...after].map((r) => r.calls)),
      runs_per_sweep: steady.length,
      calls_per_sweep: sum(steady),
      calls_if_read_one_by_one: size,
      run_ms_max: Math.round(Math.max(...steady.map((r) => r.ms))),
      run_ms_median: Math.round([...steady.map((r) => r.ms)].sort((a, b) => a - b)[Math.floor(steady.length / 2)]!),
      first_sweep_calls: sum(first),
      first_sweep_changes: first.reduce((n, r) => n + r.changes, 0),
      sweep_after_signing_calls: sum(after),
      changes_after_signing: after.reduce((n, r) => n + r.changes, 0),
    };
    console.log(
      `${size} open packages: ≤ ${row.max_calls_per_run} calls per run (share ${MAX_CALLS}), ${row.calls_per_sweep} calls in ${row.runs_per_sweep} run(s) per sweep (one by one: ${size}), run ${row.run_ms_median} ms median / ${row.run_ms_max} ms max; ${SIGNED} signed → ${row.changes_after_signing} changes recorded in ${row.sweep_after_signing_calls} calls`,
    );
    rows.push(row);
  }
  await database.destroy();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
  const ok = rows.every((r) => (r.max_calls_per_run as number) <= MAX_CALLS && r.changes_after_signing === SIGNED);
  console.log(JSON.stringify({ bench: 'watcher', ok, share: MAX_CALLS, sizes: rows, ...loadAround(before, machine()) }));
  if (!ok) process.exit(1);
}

runMain(main);
