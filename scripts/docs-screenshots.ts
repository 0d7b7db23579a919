// npm run docs:screenshots: the guides' pictures (docs/using/), made in one command against a
// console on the embedded sandbox, with example data of its own (scripts/lib/docs/example-data.ts), at 1360 px. Writes
// public/docs/screenshots/<name>.png, each optimised to a palette PNG. Not a test: the guides'
// images are checked by lib/help/help-topics.unit.test.ts, the screens by e2e/docs-screens.spec.ts.
// DOCS_PORT / DOCS_SANDBOX_PORT (3900 / 4900) choose the ports.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Role } from '../lib/roles.ts';
import { CHROMIUM_ARGS, findChromium } from './lib/chromium.ts';
import { DOCS_SCREENS, type DocsScreen } from './docs-screens.ts';
import { sendExamplePackages, startExampleBatch, submitExampleRequest, uploadExampleDocument } from './lib/docs/example-data.ts';

const PORT = Number(process.env.DOCS_PORT ?? 3900);
const SANDBOX_PORT = Number(process.env.DOCS_SANDBOX_PORT ?? 4900);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA = `.data/docs-${PORT}`;
const OUT = 'public/docs/screenshots';
const PASSWORD = 'docs-demo-password-42';
const VIEWPORT = { width: 1360, height: 860 };

function startConsole() {
  rmSync(DATA, { recursive: true, force: true }); // the same pictures every time: a fresh world
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/start.ts'], {
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      SANDBOX_PORT: String(SANDBOX_PORT),
      CONSOLE_DATA_DIR: `${DATA}/console`,
      SANDBOX_DATA_DIR: `${DATA}/sandbox`,
      SANDBOX_LOG_LEVEL: 'warn',
      DEMO_PASSWORD: PASSWORD,
      REQUEST_LOG: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  return child;
}

async function waitForConsole(deadline: number) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/health/live`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the console at ${BASE} did not start`);
}

async function signedInContext(browser: Browser, role: Role | null): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-GB', reducedMotion: 'reduce', baseURL: BASE });
  if (!role) return context;
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(`${role}@signdesk.local`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Areas' }).waitFor();
  await page.close();
  return context;
}

/** Opens the screen and waits until it has settled; throws on any error the page met. */
async function openScreen(page: Page, screen: DocsScreen) {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  const reply = await page.goto(screen.path);
  if (!reply || reply.status() >= 400) throw new Error(`${screen.path} answered ${reply?.status()}`);
  await page.getByText(screen.ready, { exact: false }).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"], .animate-pulse').length === 0, undefined, {
    timeout: 30_000,
  });
  if (errors.length > 0) throw new Error(`${screen.path}: ${errors.join('; ')}`);
}

async function main() {
  const executablePath = await findChromium({ prefer: 'headless-shell' });
  if (!executablePath) throw new Error('No Chromium found: set CHROMIUM_PATH or apt-get install chromium-headless-shell');
  const server = startConsole();
  const stop = () => {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  };
  process.once('SIGINT', () => {
    stop();
    process.exit(130);
  });
  let browser: Browser | undefined;
  try {
    await waitForConsole(Date.now() + 300_000);
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    mkdirSync(OUT, { recursive: true });
    const contexts = new Map<Role | null, BrowserContext>();
    const as = async (role: Role) => {
      if (!contexts.has(role)) contexts.set(role, await signedInContext(browser!, role));
      return contexts.get(role)!.request;
    };
    // A product in use, not a fresh install: made through the console's API, as its users would.
    await sendExamplePackages(await as('sender'), BASE);
    await submitExampleRequest(await as('operator'), BASE);
    await startExampleBatch(await as('sender'), BASE);
    await uploadExampleDocument(await as('operator'), BASE);
    let total = 0;
    for (const screen of DOCS_SCREENS) {
      if (!contexts.has(screen.role)) contexts.set(screen.role, await signedInContext(browser, screen.role));
      const page = await contexts.get(screen.role)!.newPage();
      await openScreen(page, screen);
      const file = join(OUT, `${screen.name}.png`);
      // A palette of 256 colours: the console's flat colours lose nothing visible, the file most of its size.
      await sharp(await page.screenshot())
        .png({ palette: true, colours: 256, compressionLevel: 9, effort: 10 })
        .toFile(file);
      total += statSync(file).size;
      console.log(`${file} (${Math.round(statSync(file).size / 1024)} KiB)`);
      await page.close();
    }
    console.log(`${DOCS_SCREENS.length} screenshots, ${Math.round(total / 1024)} KiB in all`);
  } finally {
    await browser?.close();
    stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
