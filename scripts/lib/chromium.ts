import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

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

/** Playwright's own Chromium if it was installed, else Debian's; null when neither exists. */
export async function findChromium(): Promise<string | null> {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  try {
    const { chromium } = await import('@playwright/test');
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // Playwright has no browser of its own here
  }
  return existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : null;
}

/** Finds a Chromium, installing Debian's package when running as root; else says what to do. */
export async function ensureChromium(): Promise<string> {
  const found = await findChromium();
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium not found: installing the Debian package "chromium" (apt-get)…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (install.status === 0 && existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  }
  throw new Error(
    'The browser tests need Chromium. Install it with "sudo apt-get install -y chromium" (Debian/Ubuntu), ' +
      'or "npx playwright install chromium" where downloads are allowed, or set CHROMIUM_PATH.',
  );
}
