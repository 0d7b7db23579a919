import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { APIResponse, Page, Response } from '@playwright/test';
import {
  clip,
  endPath,
  PDFDocument,
  PDFName,
  PDFOperator,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  StandardFonts,
  type PDFOperatorNames,
} from 'pdf-lib';
import { parseCsp, STATIC_CSP, WORKER_CSP } from '../lib/security/csp.ts';
import { expectCanvasDrawn } from './canvas-drawn.ts';
import { expect, signIn, test } from './fixtures.ts';

// DESIGN.md section 5: a Content-Security-Policy with a per-request nonce on every response.
// Every page of the console is opened as an admin in real Chromium under the production build;
// any CSP violation, console error or uncaught error on any of them fails the journey, and the
// pdf.js worker draws real PDFs under its own policy.

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Every route of app/(console)/**\/page.tsx, as the browser addresses it ("/documents/[id]"). */
function consoleRoutes(): string[] {
  const root = join('app', '(console)');
  const routes: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name === 'page.tsx')
        routes.push(
          `/${relative(root, dir)
            .split(sep)
            .filter((s) => !/^\(.*\)$/.test(s))
            .join('/')}`,
        );
    }
  };
  walk(root);
  return routes.sort();
}

/** Records CSP violations (in the page), console errors and uncaught errors, page by page. */
async function watch(page: Page) {
  const problems: string[] = [];
  const workerLines: string[] = [];
  let where = '(before the first page)';
  let missing: string | null = null;
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener(
      'securitypolicyviolation',
      (e) =>
        window.__cspViolations!.push(
          `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
        ),
      true,
    );
  });
  page.on('console', (msg) => {
    if (msg.worker()) workerLines.push(msg.text());
    // Chrome reports the 404 of a document that is missing on purpose
    if (missing && new URL(msg.location().url).pathname === missing && /status of 404/.test(msg.text())) return;
    // pdf.js reports a WebAssembly compilation its worker was refused as a warning, not an error
    if (msg.type() === 'error' || /wasm|WebAssembly|Content Security Policy/i.test(msg.text()))
      problems.push(`${where}: console ${msg.type()}: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => problems.push(`${where}: uncaught ${err.name}: ${err.message}`));
  return {
    problems,
    workerLines,
    /** Names the page that follows; `missing`: its 404 is the point. */
    at(path: string, { expect404 = false } = {}) {
      where = path;
      missing = expect404 ? path : null;
    },
    /** Reads the violations the current document has seen so far. */
    async collect() {
      const seen = await page.evaluate(() => window.__cspViolations ?? ['(the violation listener is missing)']);
      problems.push(...seen.map((v) => `${where}: CSP violation: ${v}`));
    },
  };
}

function nonceOf(csp: string | undefined): string {
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? '')?.[1];
  expect(nonce, `a nonce in ${csp}`).toBeTruthy();
  return nonce!;
}

/** Every <script> tag of the server's HTML carries the nonce of that response's CSP header. */
async function expectScriptsNonced(res: Response | APIResponse) {
  const nonce = nonceOf(res.headers()['content-security-policy']);
  const tags = (await res.text()).match(/<script\b[^>]*>/g) ?? [];
  expect(tags.length).toBeGreaterThan(0);
  expect(tags.filter((tag) => !tag.includes(` nonce="${nonce}"`))).toEqual([]);
  return nonce;
}

async function expectPagePolicy(res: Response | APIResponse) {
  const headers = res.headers();
  const csp = parseCsp(headers['content-security-policy'] ?? '');
  expect(csp['script-src']).toEqual(["'self'", `'nonce-${nonceOf(headers['content-security-policy'])}'`, "'strict-dynamic'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'none'"]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['strict-transport-security']).toBeUndefined(); // plain HTTP
}

/** A PDF with text and an axial shading driven by a PostScript (type 4) function, which pdf.js compiles to WebAssembly in its worker. */
async function makeShadedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  page.drawText('Content-Security-Policy check', { x: 60, y: 760, size: 26, font, color: rgb(0.1, 0.1, 0.1) });
  const ctx = doc.context;
  // t -> (t, 0.2, 1 - t): a red-to-blue ramp
  const fn = ctx.register(
    ctx.stream('{ dup 0.2 exch 1 exch sub }', { FunctionType: 4, Domain: [0, 1], Range: [0, 1, 0, 1, 0, 1] }),
  );
  const shading = ctx.register(
    ctx.obj({ ShadingType: 2, ColorSpace: 'DeviceRGB', Coords: [40, 0, 555, 0], Function: fn, Extend: [true, true] }),
  );
  page.node.Resources()!.set(PDFName.of('Shading'), ctx.obj({ Sh1: shading }));
  page.pushOperators(
    pushGraphicsState(),
    rectangle(40, 300, 515, 400),
    clip(),
    endPath(),
    PDFOperator.of('sh' as PDFOperatorNames, [PDFName.of('Sh1')]),
    popGraphicsState(),
  );
  return Buffer.from(await doc.save());
}

type Listed = { data: { id: string; api_enabled?: boolean }[] };

async function firstId(page: Page, path: string, pick: (items: Listed['data']) => string | undefined = (items) => items[0]?.id) {
  const res = await page.request.get(path);
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  const id = pick(((await res.json()) as Listed).data);
  expect(id, `an id from ${path}`).toBeTruthy();
  return id!;
}

/** Creates (through the console API, as the admin) what the detail pages show; answers route prefix -> id. */
async function detailIds(page: Page, baseURL: string): Promise<Record<string, string>> {
  const write = (key = true) => ({ origin: baseURL, ...(key ? { 'idempotency-key': `e2e-csp-${randomUUID()}` } : {}) });
  const upload = await page.request.post('/api/documents', {
    headers: write(),
    multipart: {
      logicalPurpose: 'SIGNATURE_TARGET',
      file: { name: `csp-${randomUUID().slice(0, 8)}.pdf`, mimeType: 'application/pdf', buffer: await makeShadedPdf() },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);

  const request = await page.request.post('/api/approval-requests', {
    headers: write(),
    data: {
      workflow_id: 'wf_access',
      workflow_release_id: 'wf_access@2',
      external_id: `e2e-csp-${randomUUID().slice(0, 12)}`,
      form_data: {
        system: 'crm',
        access_level: 'read',
        justification: 'Checks the security headers',
        access_until: '2027-01-31',
      },
      submit: true,
    },
  });
  expect(request.status(), await request.text()).toBe(200);

  const preview = await page.request.post('/api/packages/preview', {
    headers: write(false),
    data: {
      template_id: 'dst_offer',
      expires_in_days: 14,
      sender_values: { candidate_name: 'Ada', position: 'Engineer', start_date: '2027-01-04', annual_salary: 90000 },
      signers: [{ slot_id: 'candidate', name: 'Ada Lovelace', email: 'ada@example.com', phone: '+4915112345678' }],
    },
  });
  expect(preview.status(), await preview.text()).toBe(200);
  const { preview_token } = (await preview.json()) as { preview_token: string };
  const sent = await page.request.post('/api/packages', {
    headers: write(),
    data: { template_id: 'dst_offer', preview_token, confirmed: true },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  const batch = await page.request.post('/api/bulk-batches', {
    headers: write(),
    data: {
      template_id: 'dst_nda',
      name: 'Security headers',
      expires_in_days: '14',
      rows: [
        {
          line: 2,
          values: {
            sender_values: { counterparty_name: 'Acme', effective_date: '2027-01-15', governing_law: '' },
            signers: [
              { slot_id: 'company_signer', name: 'Ada Lovelace', email: 'ada@example.com', phone: '+4915112345678' },
              { slot_id: 'counterparty_signer', name: 'Alan Turing', email: 'alan@example.com', phone: '+442071234567' },
            ],
            expires_in_days: '',
            reference: '',
          },
        },
      ],
    },
  });
  expect(batch.status(), await batch.text()).toBe(200);

  return {
    '/packages/bulk': ((await batch.json()) as { id: string }).id,
    '/documents': ((await upload.json()) as { id: string }).id,
    '/approvals': ((await request.json()) as { id: string }).id,
    '/packages': ((await sent.json()) as { id: string }).id,
    '/catalog/categories': await firstId(page, '/api/categories'),
    '/catalog/approval-workflows': await firstId(page, '/api/approval-workflows'),
    '/catalog/request-forms': await firstId(page, '/api/request-forms'),
    '/catalog/request-templates': await firstId(page, '/api/request-templates'),
    // one the app may use, so that its PDF is drawn
    '/catalog/document-sign-templates': await firstId(
      page,
      '/api/document-sign-templates',
      (items) => items.find((t) => t.api_enabled !== false)?.id,
    ),
  };
}

/** The viewer (or the editor) drew page 1: its canvas holds dark pixels, not just a blank sheet. */
async function expectPdfDrawn(page: Page) {
  const canvas = page.locator('[data-page="1"] canvas, [data-editor-page="1"] canvas').first();
  await expectCanvasDrawn(canvas, { visible: 30_000, drawn: 20_000 });
}

const PDF_ROUTES = new Set(['/catalog/document-sign-templates/[id]', '/documents/[id]', '/documents/[id]/editor']);

test.describe('Content-Security-Policy and security headers', () => {
  test('every page runs under its nonce policy: no violation, console error or uncaught error, PDFs drawn', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(300_000); // some 25 pages, three of them drawing PDFs, on two shared cores
    const seen = await watch(page);

    seen.at('/sign-in');
    const signInPage = await page.goto('/sign-in');
    await expectPagePolicy(signInPage!);
    await expectScriptsNonced(signInPage!);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await seen.collect();
    await signIn(page, 'admin'); // the form posts through the hydrated page
    await seen.collect();

    const ids = await detailIds(page, baseURL!);
    const routes = consoleRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const pages = routes.map((route) => ({
      route,
      // An optional catch-all (/help/[[...guide]]) is visited at its root.
      path: route.replace(/\/\[\[\.\.\.\w+\]\]$/, '').replace(/^(.*?)\/\[id\]/, (_, prefix: string) => {
        expect(ids[prefix], `an id for ${route}`).toBeTruthy();
        return `${prefix}/${encodeURIComponent(ids[prefix]!)}`;
      }),
    }));
    expect(pages.filter((p) => p.path.includes('['))).toEqual([]);

    for (const { route, path } of [{ route: '/', path: '/' }, ...pages]) {
      seen.at(path);
      const res = await page.goto(path);
      expect(res!.status(), path).toBe(200);
      // Home's document may be one kept from an earlier render (server/edge/home-document.ts): a
      // problem on it names which it was.
      const timing = res!.headers()['server-timing'];
      if (timing) seen.at(`${path} (${timing})`);
      await expectPagePolicy(res!);
      await expectScriptsNonced(res!);
      await expect(page.locator('h1').first()).toBeVisible();
      if (PDF_ROUTES.has(route)) await expectPdfDrawn(page);
      await page.waitForLoadState('networkidle');
      // React hydrated: the page's own scripts ran
      expect(await page.evaluate(() => typeof (window as { next?: { version?: string } }).next?.version)).toBe('string');
      await seen.collect();
    }

    // A page that does not exist renders per request too (not a prerendered shell without nonces).
    seen.at('/no-such-page', { expect404: true });
    const missing = await page.goto('/no-such-page');
    expect(missing!.status()).toBe(404);
    await expectPagePolicy(missing!);
    await expectScriptsNonced(missing!);
    await page.waitForLoadState('networkidle');
    await seen.collect();

    // Client-side navigation loads more chunks under 'strict-dynamic'
    seen.at('/catalog → Documents (client navigation)');
    await page.goto('/catalog');
    await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Documents', exact: true }).click();
    await expect(page).toHaveURL(/\/documents$/);
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await seen.collect();

    expect(seen.problems).toEqual([]);
    // pdf.js's worker said nothing of refused WebAssembly (its messages do reach us: see the worker test)
    expect(seen.workerLines.filter((line) => /wasm|WebAssembly|Refused/i.test(line))).toEqual([]);
  });

  test('the nonce is new on every response and on every script the server renders', async ({ request }) => {
    const first = await request.get('/sign-in');
    const second = await request.get('/sign-in');
    const a = await expectScriptsNonced(first);
    const b = await expectScriptsNonced(second);
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64')).toHaveLength(16);
  });

  test('headers on a page, a redirect, a route handler, Next chunks and public files; no HSTS over plain HTTP', async ({
    request,
  }) => {
    const page = await request.get('/sign-in');
    await expectPagePolicy(page);

    // The cookieless redirect to sign-in carries the page policy too
    const redirect = await request.get('/catalog?q=x', { maxRedirects: 0 });
    expect(redirect.status()).toBe(307);
    expect(redirect.headers()['location']).toContain('/sign-in?next=%2Fcatalog%3Fq%3Dx');
    await expectPagePolicy(redirect);

    const chunk = /<script[^>]+src="(\/_next\/static\/[^"]+)"/.exec(await page.text())?.[1];
    expect(chunk).toBeTruthy();
    // A public file that is there (pdf.js ships no FoxitSans.pfb: that path was a 404, which is
    // now the console's own 404 page with the page policy).
    const plain = ['/api/health', '/api/auth/me', chunk!, '/pdfjs/standard_fonts/FoxitSerif.pfb'];
    for (const path of plain) {
      const res = await request.get(path);
      if (path.startsWith('/pdfjs/')) expect(res.status(), path).toBe(200);
      expect(res.headers()['content-security-policy'], path).toBe(STATIC_CSP);
      expect(res.headers()['cross-origin-opener-policy'], path).toBe('same-origin');
      expect(res.headers()['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers()['strict-transport-security'], path).toBeUndefined();
    }

    const worker = await request.get('/pdf.worker.min.mjs');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    expect(worker.headers()['content-security-policy']).toBe(WORKER_CSP);
    expect(worker.headers()['cross-origin-opener-policy']).toBe('same-origin');
    expect(worker.headers()['strict-transport-security']).toBeUndefined();

    // HSTS over HTTPS: lib/security (the console's own server drops X-Forwarded-Proto from untrusted peers)
  });

  // The areas have a loading.tsx; a page's redirect() under it would be a 200 with a late
  // client-side redirect, so proxy.ts says where an area's own address leads.
  test("an area's own address is a real redirect to its first section, under the page policy", async ({ page }) => {
    await signIn(page, 'admin');
    for (const { area, first } of [
      { area: '/catalog', first: '/catalog/categories' },
      { area: '/admin', first: '/admin/users' },
    ]) {
      const res = await page.request.get(area, { maxRedirects: 0 });
      expect(res.status(), area).toBe(307);
      expect(new URL(res.headers()['location']!, 'http://x').pathname).toBe(first);
      await expectPagePolicy(res);
    }
  });

  test('the listeners catch a violation, and the pdf.js worker runs under its own policy: WebAssembly yes, eval no', async ({
    page,
  }) => {
    const seen = await watch(page);
    await page.goto('/sign-in');
    // Markup injected the way an XSS would be: its inline handler is refused, and reported
    const ran = await page.evaluate(async () => {
      document.body.insertAdjacentHTML('beforeend', '<img alt="" src="data:," onerror="window.__injected = true">');
      await new Promise((resolve) => setTimeout(resolve, 500));
      return (window as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect
      .poll(() => page.evaluate(() => window.__cspViolations ?? []))
      .toContainEqual(expect.stringMatching(/^script-src-attr blocked/));
    // So is eval. (DevTools lets code it evaluates use eval: the probes run a task later, as page code.)
    expect(
      await page.evaluate(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
        try {
          return eval('1 + 1');
        } catch (e) {
          return (e as Error).name;
        }
      }),
    ).toBe('EvalError');

    // and WebAssembly: the page has no 'wasm-unsafe-eval' (only the pdf.js worker below does)
    expect(
      await page.evaluate(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
        try {
          return new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])) instanceof WebAssembly.Module;
        } catch {
          return false;
        }
      }),
    ).toBe(false);

    await signIn(page, 'viewer');
    const id = await firstId(page, '/api/document-sign-templates', (items) => items.find((t) => t.api_enabled !== false)?.id);
    await page.goto(`/catalog/document-sign-templates/${encodeURIComponent(id)}`);
    await expectPdfDrawn(page);
    const worker = page.workers().find((w) => w.url().endsWith('/pdf.worker.min.mjs'));
    expect(
      worker,
      page
        .workers()
        .map((w) => w.url())
        .join(', '),
    ).toBeTruthy();
    const probe = await worker!.evaluate(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      // the smallest valid module: "\0asm", version 1
      const wasm = (() => {
        try {
          return new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])) instanceof WebAssembly.Module;
        } catch {
          return false;
        }
      })();
      const evaluated = (() => {
        try {
          return new Function('return 1')() === 1;
        } catch {
          return false;
        }
      })();
      console.log('csp-probe from the worker');
      return { wasm, evaluated };
    });
    expect(probe).toEqual({ wasm: true, evaluated: false });
    await expect.poll(() => seen.workerLines).toContain('csp-probe from the worker');
  });
});
