import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../sandbox/logger.ts';
import { startSandbox } from '../sandbox/server.ts';
import { templateFileName, type SignTemplateRecord } from '../sandbox/domain/catalog.ts';
import { populatePreview } from '../sandbox/pdf/populate-preview.ts';
import { runMain } from './lib/run.ts';

// Time to build a signature-package preview (POST /signature-packages/preview) and fetch
// its populated PDF, for a 10-page and a 200-page template, on an in-process sandbox.
// Target: the 200-page preview takes at most 10x the 10-page one (it has 20x the pages).
// `npx tsx bench/sandbox-preview.ts`; BENCH_RUNS and BENCH_WARMUP override the counts.

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const TARGET_RATIO = 10;

const CASES = {
  dst_msa: {
    pages: 10,
    body: {
      template_id: 'dst_msa',
      expires_in_days: 30,
      sender_values: { client_name: 'Initech Ltd', effective_date: '2026-12-01', monthly_fee: 12500 },
      signers: [
        { slot_id: 'client_signer', name: 'Bill Lumbergh', email: 'bill@initech.example', phone: '+14155550111' },
        { slot_id: 'provider_signer', name: 'Joanna Smith', email: 'joanna@provider.example', phone: '+442071230000' },
      ],
    },
  },
  dst_handbook: {
    pages: 200,
    body: {
      template_id: 'dst_handbook',
      expires_in_days: 30,
      sender_values: { employee_name: 'Peter Gibbons', department: 'Software' },
      signers: [{ slot_id: 'employee', name: 'Peter Gibbons', email: 'peter@initech.example', phone: '+14155550112' }],
    },
  },
} as const;
type CaseName = keyof typeof CASES;

interface Sample {
  preview: number;
  document: number;
  total: number;
  bytes: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.9) - 1)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-preview-'));
  const controlToken = `ctl-${randomBytes(16).toString('hex')}`;
  const sandbox = await startSandbox({
    dataDir,
    controlToken,
    uploadCapacity: 8,
    defaultRateLimitPerMinute: 0,
    logger: createLogger('silent'),
  });
  try {
    const keyRes = await fetch(`${sandbox.url}/__sandbox/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-control': controlToken },
      body: JSON.stringify({ app_id: 'bench_preview', scopes: ['packages:create'], rate_limit_per_minute: 0 }),
    });
    if (keyRes.status !== 201) throw new Error(`key creation failed: ${keyRes.status}`);
    const { api_key: apiKey } = (await keyRes.json()) as { api_key: string };
    const headers = { authorization: `Bearer ${apiKey}`, 'x-service-environment': 'sandbox', 'content-type': 'application/json' };

    const once = async (name: CaseName): Promise<Sample> => {
      const t0 = performance.now();
      const res = await fetch(`${sandbox.url}/api/v1/signature-packages/preview`, {
        method: 'POST',
        headers,
        body: JSON.stringify(CASES[name].body),
      });
      const preview = (await res.json()) as { preview_token?: string; prepared_pdf?: { page_count: number } };
      if (res.status !== 200 || !preview.preview_token)
        throw new Error(`${name} preview failed: ${res.status} ${JSON.stringify(preview)}`);
      if (preview.prepared_pdf?.page_count !== CASES[name].pages) throw new Error(`${name}: expected ${CASES[name].pages} pages`);
      const t1 = performance.now();
      const doc = await fetch(`${sandbox.url}/api/v1/signature-packages/preview/document`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ template_id: name, preview_token: preview.preview_token }),
      });
      const bytes = (await doc.arrayBuffer()).byteLength;
      if (doc.status !== 200) throw new Error(`${name} document failed: ${doc.status}`);
      const t2 = performance.now();
      return { preview: t1 - t0, document: t2 - t1, total: t2 - t0, bytes };
    };

    const names = Object.keys(CASES) as CaseName[];
    for (let i = 0; i < WARMUP; i++) for (const n of names) await once(n);
    // Interleaved, so drift in machine load hits both sizes alike.
    const samples: Record<CaseName, Sample[]> = { dst_msa: [], dst_handbook: [] };
    for (let i = 0; i < RUNS; i++) for (const n of names) samples[n].push(await once(n));

    console.log(`preview generation, ${RUNS} runs each after ${WARMUP} warm-up runs (median / p90)`);
    const summary: Record<string, number> = {};
    for (const n of names) {
      const s = samples[n];
      const pick = (k: keyof Sample) => s.map((x) => x[k]);
      console.log(
        `  ${n.padEnd(13)} ${String(CASES[n].pages).padStart(3)} pages  preview ${ms(median(pick('preview')))} / ${ms(p90(pick('preview')))}` +
          `  document ${ms(median(pick('document')))} / ${ms(p90(pick('document')))}  total ${ms(median(pick('total')))} / ${ms(p90(pick('total')))}` +
          `  pdf ${(s[0]!.bytes / 1024).toFixed(0)} KiB`,
      );
      summary[`${n}_total_ms`] = Number(median(pick('total')).toFixed(2));
      summary[`${n}_preview_ms`] = Number(median(pick('preview')).toFixed(2));
    }
    // The PDF step alone, without HTTP, database and fsync, to show what grows with pages.
    const populate: Record<CaseName, number[]> = { dst_msa: [], dst_handbook: [] };
    for (let i = 0; i < WARMUP + RUNS; i++) {
      for (const n of names) {
        const t = sandbox.services.records.get<SignTemplateRecord>('sign_template', n)!;
        const source = sandbox.services.files.read(templateFileName(t.current_version_id));
        const input = {
          source,
          fields: t.sender_fields.map((f) => ({ page: f.page, rect: f.rect, value: 'Bench value' })),
          slots: t.slots.map((s) => ({ ...s, name: 'Bench Signer', email: 'bench@example.com' })),
        };
        const t0 = performance.now();
        await populatePreview(input);
        if (i >= WARMUP) populate[n].push(performance.now() - t0);
      }
    }
    for (const n of names) {
      console.log(`  ${n.padEnd(13)} populate step only: ${ms(median(populate[n]))} / ${ms(p90(populate[n]))}`);
      summary[`${n}_populate_ms`] = Number(median(populate[n]).toFixed(2));
    }
    summary.populate_ratio = Number((median(populate.dst_handbook) / median(populate.dst_msa)).toFixed(2));

    const ratio = median(samples.dst_handbook.map((x) => x.total)) / median(samples.dst_msa.map((x) => x.total));
    const met = ratio <= TARGET_RATIO;
    console.log(
      `ratio 200-page / 10-page (median totals): ${ratio.toFixed(2)}x; target <= ${TARGET_RATIO}x: ${met ? 'met' : 'MISSED'}`,
    );
    console.log(
      JSON.stringify({
        bench: 'sandbox-preview',
        runs: RUNS,
        ...summary,
        ratio: Number(ratio.toFixed(2)),
        target_ratio: TARGET_RATIO,
        met,
      }),
    );
    if (!met) process.exitCode = 1;
  } finally {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
