import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { machine, rssBytes, startStack, type Stack } from './lib/stack.ts';
import { machineAtStart, reportResult } from './lib/report.ts';
import { runMain } from './lib/run.ts';

// Memory of the console while it streams ~25 MiB PDFs to the Signing API (POST /api/documents,
// multipart, as the browser sends it): one upload, then four at once, each phase after a
// warm-up upload and a pause, with the serving process's VmRSS sampled every 20 ms. The
// upload path must not buffer a file, so RSS growth stays well under the bytes that pass
// through. Targets: growth / bytes <= 1.5 for one upload, <= 2 for four concurrent.
// `npm run bench` or `node --conditions=react-server --import tsx bench/upload.ts`; needs a build.

const MiB = 1024 * 1024;
/** Just under the 25 MiB limit, leaving no doubt that the file itself is allowed. */
const FILE_BYTES = 25 * MiB - 4096;
const SAMPLE_MS = 20;
const PAUSE_MS = 2_000;
const TARGETS = { one: 1.5, four: 2 } as const;

/** A real one-page PDF padded with a trailing comment line (readers ignore it); each call differs. */
async function bigPdf(total: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText(`Upload bench ${randomBytes(6).toString('hex')}`, { x: 40, y: 40, size: 10, font });
  const bytes = Buffer.from(await pdf.save({ useObjectStreams: false }));
  return Buffer.concat([bytes, Buffer.from(`\n%${'x'.repeat(total - bytes.length - 3)}\n`)]);
}

function multipart(file: Buffer, purpose: string) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logicalPurpose"\r\n\r\n${purpose}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

interface Upload {
  ms: number;
  bytes: number;
}

async function upload(stack: Stack, cookie: string, file: Buffer): Promise<Upload> {
  const { body, contentType } = multipart(file, 'ATTACHMENT');
  const t0 = performance.now();
  const res = await fetch(`${stack.consoleUrl}/api/documents`, {
    method: 'POST',
    headers: { cookie, origin: stack.consoleUrl, 'content-type': contentType, 'idempotency-key': `bench-upload-${randomBytes(12).toString('hex')}` },
    body: new Uint8Array(body),
  });
  const answer = (await res.json()) as { id?: string; size_bytes?: number };
  const ms = performance.now() - t0;
  if (res.status !== 200 || !answer.id) throw new Error(`upload answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  if (answer.size_bytes !== undefined && answer.size_bytes !== file.length) throw new Error(`upload stored ${answer.size_bytes} bytes, sent ${file.length}`);
  return { ms, bytes: body.length };
}

interface Phase {
  uploads: number;
  baseline_rss_mib: number;
  peak_rss_mib: number;
  growth_mib: number;
  uploaded_mib: number;
  growth_per_byte: number;
  slowest_upload_ms: number;
  samples: number;
}

const mib = (n: number) => Number((n / MiB).toFixed(1));

/** Samples the serving process's RSS every 20 ms while `work` runs; baseline = median of the 200 ms before. */
async function phase(pid: number, files: Buffer[], run: (file: Buffer) => Promise<Upload>): Promise<Phase> {
  const rss = () => {
    const value = rssBytes(pid);
    if (value === null) throw new Error(`console process ${pid} is gone`);
    return value;
  };
  const before: number[] = [];
  for (let i = 0; i < 10; i++) {
    before.push(rss());
    await new Promise((r) => setTimeout(r, SAMPLE_MS));
  }
  const baseline = before.sort((a, b) => a - b)[before.length >> 1]!;
  let peak = baseline;
  let samples = 0;
  const timer = setInterval(() => {
    const value = rssBytes(pid);
    if (value !== null) peak = Math.max(peak, value);
    samples++;
  }, SAMPLE_MS);
  try {
    const done = await Promise.all(files.map(run));
    peak = Math.max(peak, rss());
    const uploaded = done.reduce((n, u) => n + u.bytes, 0);
    return {
      uploads: files.length,
      baseline_rss_mib: mib(baseline),
      peak_rss_mib: mib(peak),
      growth_mib: mib(peak - baseline),
      uploaded_mib: mib(uploaded),
      growth_per_byte: Number(((peak - baseline) / uploaded).toFixed(3)),
      slowest_upload_ms: Math.round(Math.max(...done.map((u) => u.ms))),
      samples,
    };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const before = machineAtStart();
  const files = await Promise.all(Array.from({ length: 6 }, () => bigPdf(FILE_BYTES)));
  const stack = await startStack();
  try {
    const cookie = await stack.signIn();
    const run = (file: Buffer) => upload(stack, cookie, file);
    console.log(`console ${stack.consoleUrl}, serving pid ${stack.consolePid}; files of ${(FILE_BYTES / MiB).toFixed(2)} MiB; RSS sampled every ${SAMPLE_MS} ms`);

    // Warm-up: JIT, stream buffers and the upstream connection exist before anything is measured.
    const warm = await run(files[0]!);
    console.log(`warm-up upload: ${Math.round(warm.ms)} ms, RSS now ${mib(rssBytes(stack.consolePid) ?? 0)} MiB`);
    await new Promise((r) => setTimeout(r, PAUSE_MS));
    const one = await phase(stack.consolePid, [files[1]!], run);
    await new Promise((r) => setTimeout(r, PAUSE_MS));
    const four = await phase(stack.consolePid, files.slice(2, 6), run);

    const met = { one: one.growth_per_byte <= TARGETS.one, four: four.growth_per_byte <= TARGETS.four };
    for (const [name, p] of [
      ['one upload      ', one],
      ['four concurrent ', four],
    ] as const) {
      console.log(
        `  ${name} baseline ${p.baseline_rss_mib} MiB  peak ${p.peak_rss_mib} MiB  growth ${p.growth_mib} MiB  uploaded ${p.uploaded_mib} MiB` +
          `  growth/bytes ${p.growth_per_byte.toFixed(3)}  slowest ${p.slowest_upload_ms} ms  (${p.samples} samples)`,
      );
    }
    console.log(`growth/bytes, one upload: target <= ${TARGETS.one}: ${met.one ? 'met' : 'MISSED'}; four concurrent: target <= ${TARGETS.four}: ${met.four ? 'met' : 'MISSED'}`);
    const after = machine();
    console.log(`load average at start ${before.load_avg_1m}, at end ${after.load_avg_1m}`);
    reportResult(
      {
        bench: 'upload',
        file_mib: mib(FILE_BYTES),
        one_baseline_rss_mib: one.baseline_rss_mib,
        one_peak_rss_mib: one.peak_rss_mib,
        one_growth_mib: one.growth_mib,
        one_growth_per_byte: one.growth_per_byte,
        one_upload_ms: one.slowest_upload_ms,
        four_baseline_rss_mib: four.baseline_rss_mib,
        four_peak_rss_mib: four.peak_rss_mib,
        four_growth_mib: four.growth_mib,
        four_growth_per_byte: four.growth_per_byte,
        four_slowest_upload_ms: four.slowest_upload_ms,
        target_one_growth_per_byte: TARGETS.one,
        target_four_growth_per_byte: TARGETS.four,
        met: met.one && met.four,
      },
      before,
      after,
    );
  } finally {
    await stack.stop();
  }
}

runMain(main);
