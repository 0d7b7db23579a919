import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's "old headless" Chromium: the same engine without the browser's own window, which
 * ran the journeys with about a third less CPU than the full browser on this 2-core machine
 * (chromium processes 545 CPU-s against 377, the journeys 382 s against 300 s).
 */
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Flags this machine needs: no sandbox as root, and no calls home on a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * CHROMIUM_PATH, else Playwright's own Chromium if it was installed, else Debian's: the full
 * browser first (the benchmarks measure what users run), or the headless shell first for the
 * tests. Null when none exists.
 */
export async function findChromium({ prefer = 'browser' }: { prefer?: 'browser' | 'headless-shell' } = {}): Promise<
  string | null
> {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  try {
    const { chromium } = await import('@playwright/test');
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // Playwright has no browser of its own here
  }
  const order = prefer === 'browser' ? [DEBIAN_CHROMIUM, DEBIAN_HEADLESS_SHELL] : [DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM];
  return order.find((path) => existsSync(path)) ?? null;
}

const apt = (args: string[]) =>
  new Promise<boolean>((resolve) => {
    spawn('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).once(
      'close',
      (code) => resolve(code === 0),
    );
  });

/**
 * The Chromium the journeys run in: the headless shell, installed from Debian when running as
 * root and it is missing (even where the full browser is: it saves minutes of CPU per run),
 * else the full browser; else says what to do. Asynchronous, so it installs beside the build.
 */
export async function ensureChromium(): Promise<string> {
  const found = await findChromium({ prefer: 'headless-shell' });
  if (found && found !== DEBIAN_CHROMIUM) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Installing the Debian package "chromium-headless-shell" (apt-get)…');
    const install = ['install', '-y', '-qq', '--no-install-recommends', 'chromium-headless-shell'];
    // The package lists may be missing or stale on a fresh machine: read them only when needed.
    if ((await apt(install)) || ((await apt(['update', '-qq'])) && (await apt(install)))) {
      if (existsSync(DEBIAN_HEADLESS_SHELL)) return DEBIAN_HEADLESS_SHELL;
    }
    console.log('The headless shell could not be installed: the journeys run in the full browser.');
    if (!found && (await apt(['install', '-y', '-qq', '--no-install-recommends', 'chromium'])) && existsSync(DEBIAN_CHROMIUM))
      return DEBIAN_CHROMIUM;
  }
  if (found) return found;
  throw new Error(
    'The browser tests need Chromium. Install it with "sudo apt-get install -y chromium-headless-shell" (or "chromium") on Debian/Ubuntu, ' +
      'or "npx playwright install chromium" where downloads are allowed, or set CHROMIUM_PATH.',
  );
}
