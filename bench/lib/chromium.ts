import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/lib/chromium.ts';
import { startStack, type Stack } from './stack.ts';

/** The Chromium a browser bench drives: the full browser users run; none found stops the bench. */
export async function chromiumForBench(): Promise<string> {
  const path = await findChromium();
  if (!path) throw new Error('no Chromium found: install Debian’s chromium or set CHROMIUM_PATH');
  return path;
}

/** Runs `bench` against a started console stack in a launched Chromium; both stop however it ends. */
export async function withChromiumStack(bench: (stack: Stack, browser: Browser) => Promise<void>): Promise<void> {
  const executablePath = await chromiumForBench();
  const stack = await startStack();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    await bench(stack, browser);
  } finally {
    await browser.close();
    await stack.stop();
  }
}
