import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Request } from '@playwright/test';
import { withChromiumStack } from './lib/chromium.ts';
import { firstId, sentPackage, submittedRequest, uploadedDocument } from './lib/console-pages.ts';
import { machine, root, type Stack } from './lib/stack.ts';
import { machineAtStart, reportResult } from './lib/report.ts';
import { runMain } from './lib/run.ts';

// Page weight (issue 13): the JavaScript each route makes the browser load on a first visit
// (fresh context: nothing cached), gzip-compressed, against the framework's own baseline of
// the same build. Sizes are of the response bodies gzipped here (zlib level 6, what Next's
// own compression uses), not bytes on the wire: the figure does not depend on whether the
// server compresses, and chunks served from a preload count once.
//
// Baseline: the build manifest's rootMainFiles, the chunks Next loads for every App Router
// page whatever its code (React, React DOM, the app router and the Turbopack runtime). Every
// route is checked to load all of them, so the ratio is "the whole page / what Next alone costs".
//
// Target: ≤ 1.6× on every route that shows no PDF. Routes that show a PDF carry pdf.js (by
// design, loaded only there) and have no weight target; instead their pdf.js worker must start
// downloading before the page's own chunks have all arrived (in parallel, not after them),
// read from the network timeline.
// `npm run bench` or `node --conditions=react-server --import tsx bench/page-weight.ts [--files]`
// (BENCH_PAGE_WEIGHT_ONLY=<part of a route's name> measures those alone)
// (--files lists each route's chunks with their sizes, to find what a route pulls in); needs a
// build in NEXT_DIST_DIR.

const TARGET_RATIO = 1.6;
const WORKER_PATH = '/pdf.worker.min.mjs';
const LIST_FILES = process.argv.includes('--files');
// BENCH_PAGE_WEIGHT_ONLY=insights: only the routes whose name holds it (a page's own check).
const ONLY = process.env.BENCH_PAGE_WEIGHT_ONLY ?? '';

interface RouteCase {
  name: string;
  path: string;
  pdf: boolean;
  signedOut?: boolean;
  /** over the target by design, and the page says why (insights: its charting library) */
  exempt?: string;
}

interface Measured {
  route: string;
  path: string;
  pdf: boolean;
  js_files: number;
  gzip_kib: number;
  ratio: number;
  /** PDF routes: ms from the worker request starting to the last page chunk arriving (> 0: in parallel) */
  worker_lead_ms?: number | null;
  worker_requests?: number;
  files?: Record<string, number>;
  exempt?: string;
}

const kib = (bytes: number) => Number((bytes / 1024).toFixed(1));
const gzipBytes = (body: Buffer) => gzipSync(body, { level: 6 }).length;

function baseline(): { files: string[]; bytes: number } {
  const dist = join(root, process.env.NEXT_DIST_DIR || '.next');
  const manifest = JSON.parse(readFileSync(join(dist, 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] };
  const bytes = manifest.rootMainFiles.reduce((sum, f) => sum + gzipBytes(readFileSync(join(dist, f))), 0);
  return { files: manifest.rootMainFiles.map((f) => `/_next/${f}`), bytes };
}

async function routes(stack: Stack, cookie: string): Promise<RouteCase[]> {
  const [category, template, workflow, form, document, pkg, request] = await Promise.all([
    firstId(stack, cookie, '/api/categories'),
    firstId(stack, cookie, '/api/request-templates'),
    firstId(stack, cookie, '/api/approval-workflows'),
    firstId(stack, cookie, '/api/request-forms'),
    uploadedDocument(stack, cookie),
    sentPackage(stack, cookie),
    submittedRequest(stack, cookie),
  ]);
  const page = (name: string, path: string, pdf = false): RouteCase => ({ name, path, pdf });
  return [
    { name: 'sign-in', path: '/sign-in', pdf: false, signedOut: true },
    page('catalog categories', '/catalog/categories'),
    page('category detail', `/catalog/categories/${category}`),
    page('catalog request templates', '/catalog/request-templates'),
    page('request template detail', `/catalog/request-templates/${template}`),
    page('catalog approval workflows', '/catalog/approval-workflows'),
    page('workflow detail', `/catalog/approval-workflows/${workflow}`),
    page('catalog request forms', '/catalog/request-forms'),
    page('request form detail', `/catalog/request-forms/${form}`),
    page('catalog sign templates', '/catalog/document-sign-templates'),
    page('sign template detail', '/catalog/document-sign-templates/dst_nda', true),
    page('documents', '/documents'),
    page('document view', `/documents/${document}`, true),
    page('document editor', `/documents/${document}/editor`, true),
    page('packages', '/packages'),
    page('package detail', `/packages/${pkg}`),
    page('package drafts', '/packages/drafts'),
    page('new package (review)', '/packages/new?template=dst_nda', true),
    page('approvals', '/approvals'),
    page('approval detail', `/approvals/${request}`),
    page('new request form', '/approvals/new?workflow=wf_access'),
    page('admin users', '/admin/users'),
    page('admin audit', '/admin/audit'),
    page('admin sandbox', '/admin/sandbox'),
    { ...page('insights', '/insights?period=30d&tz=UTC'), exempt: 'Recharts, loaded after the page; the page says so' },
  ].filter((r) => !ONLY || r.name.includes(ONLY));
}

interface Timed {
  url: string;
  start: number;
  end: number;
}

const timed = (req: Request): Timed => {
  const t = req.timing();
  return { url: req.url(), start: t.startTime, end: t.startTime + Math.max(t.responseEnd, 0) };
};

async function measure(
  browser: Browser,
  stack: Stack,
  cookie: string,
  r: RouteCase,
  base: { files: string[]; bytes: number },
): Promise<Measured> {
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  const [name, value] = cookie.split('=') as [string, string];
  if (!r.signedOut) await context.addCookies([{ name, value, url: stack.consoleUrl }]);
  const page = await context.newPage();
  const bodies: Promise<{ url: string; bytes: number }>[] = [];
  const chunks: Timed[] = [];
  const worker: Timed[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.origin !== stack.consoleUrl || url.pathname === WORKER_PATH || !/\.m?js$/.test(url.pathname)) return;
    bodies.push(res.body().then((b) => ({ url: url.pathname, bytes: gzipBytes(b) })));
  });
  // Dedicated workers' requests come through the context, not always through the page.
  context.on('requestfinished', (req) => {
    const path = new URL(req.url()).pathname;
    if (path === WORKER_PATH) worker.push(timed(req));
    else if (path.startsWith('/_next/static/chunks/') && path.endsWith('.js')) chunks.push(timed(req));
  });
  try {
    const res = await page.goto(`${stack.consoleUrl}${r.path}`);
    if (!res || res.status() >= 400 || new URL(page.url()).pathname.startsWith('/sign-in') !== Boolean(r.signedOut))
      throw new Error(`${r.path} answered ${res?.status()} at ${page.url()}`);
    await page.waitForLoadState('networkidle');
    // Lazily loaded parts (the PDF viewer) load after the page's own queries answer.
    await page
      .getByRole('status', { name: /^Loading/ })
      .waitFor({ state: 'detached', timeout: 15_000 })
      .catch(() => undefined);
    if (r.pdf && !r.path.startsWith('/packages/new')) await page.locator('canvas').first().waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    const files = new Map<string, number>();
    for (const b of await Promise.all(bodies)) files.set(b.url, b.bytes);
    const missing = base.files.filter((f) => !files.has(f));
    if (missing.length) throw new Error(`${r.path} did not load the framework chunks ${missing.join(', ')}`);
    const bytes = [...files.values()].reduce((a, b) => a + b, 0);
    const out: Measured = {
      route: r.name,
      path: r.path,
      pdf: r.pdf,
      js_files: files.size,
      gzip_kib: kib(bytes),
      ratio: Number((bytes / base.bytes).toFixed(2)),
    };
    if (LIST_FILES)
      out.files = Object.fromEntries([...files].filter(([f]) => !base.files.includes(f)).map(([f, b]) => [f, kib(b)]));
    if (r.pdf) {
      const chunksEnd = Math.max(...chunks.map((c) => c.end));
      const workerStart = worker.length ? Math.min(...worker.map((w) => w.start)) : null;
      out.worker_lead_ms = workerStart === null ? null : Math.round(chunksEnd - workerStart);
      out.worker_requests = worker.length;
    }
    return out;
  } finally {
    await context.close();
  }
}

async function main() {
  const before = machineAtStart();
  const base = baseline();
  console.log(`framework baseline (rootMainFiles, ${base.files.length} chunks): ${kib(base.bytes)} KiB gzip`);
  await withChromiumStack(async (stack, browser) => {
    const cookie = await stack.signIn();
    const results: Measured[] = [];
    for (const r of await routes(stack, cookie)) {
      const m = await measure(browser, stack, cookie, r, base);
      if (r.exempt) m.exempt = r.exempt;
      results.push(m);
      const verdict = r.pdf
        ? `PDF route; worker ${m.worker_lead_ms === null ? 'NOT requested' : m.worker_lead_ms! > 0 ? `started ${m.worker_lead_ms} ms before the page's chunks finished` : `started ${-m.worker_lead_ms!} ms AFTER the page's chunks`} (${m.worker_requests} request${m.worker_requests === 1 ? '' : 's'})`
        : m.ratio <= TARGET_RATIO
          ? 'ok'
          : r.exempt
            ? `over ${TARGET_RATIO}×, exempt: ${r.exempt}`
            : `OVER ${TARGET_RATIO}×`;
      console.log(
        `${m.route.padEnd(28)} ${String(m.gzip_kib).padStart(7)} KiB gzip in ${String(m.js_files).padStart(2)} files  ${m.ratio.toFixed(2)}×  ${verdict}`,
      );
      if (m.files) {
        for (const [f, size] of Object.entries(m.files).sort((a, b) => b[1] - a[1]))
          console.log(`    ${String(size).padStart(6)} KiB  ${f}`);
        delete m.files;
      }
    }
    const plain = results.filter((m) => !m.pdf && !m.exempt);
    const worst = plain.reduce((a, b) => (b.ratio > a.ratio ? b : a), { route: 'none', ratio: 0 } as Pick<
      Measured,
      'route' | 'ratio'
    >);
    const over = plain.filter((m) => m.ratio > TARGET_RATIO).map((m) => m.route);
    const pdfRoutes = results.filter((m) => m.pdf);
    const late = pdfRoutes.filter((m) => !(m.worker_lead_ms && m.worker_lead_ms > 0)).map((m) => m.route);
    const met = over.length === 0 && late.length === 0;
    const after = machine();
    console.log(
      `worst non-PDF route: ${worst.route} ${worst.ratio}× (target ≤ ${TARGET_RATIO}×; over: ${over.join(', ') || 'none'}); ` +
        `PDF worker late or missing on: ${late.join(', ') || 'none'}: ${met ? 'met' : 'MISSED'}`,
    );
    reportResult(
      {
        bench: 'page-weight',
        baseline_kib: kib(base.bytes),
        routes: results,
        worst_route: worst.route,
        worst_ratio: worst.ratio,
        routes_over: over.length,
        pdf_routes: pdfRoutes.length,
        pdf_worker_late: late.length,
        target_ratio: TARGET_RATIO,
        met,
      },
      before,
      after,
    );
  });
}

runMain(main);
