import { expect, signIn, test } from './fixtures.ts';

// Issue 40 B: after a client-side navigation the tab's title sometimes stayed empty (Next's
// soft-navigation metadata, vercel/next.js#95268), seen under load. This journey makes the
// load: the CPU slowed tenfold, and many navigations one right after another, each checked.

const AREAS = ['Catalog', 'Documents', 'Packages', 'Approvals', 'Admin', 'Home'] as const;
const ROUNDS = 4;

test('every page has its title after each client-side navigation, with the CPU slowed tenfold', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  await expect(page).toHaveTitle(/\S/);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 });
  const nav = page.getByRole('navigation', { name: 'Areas' });
  const seen: string[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const area of AREAS) {
        const link = nav.getByRole('link', { name: new RegExp(`^${area}`) });
        const href = (await link.getAttribute('href')) ?? '/';
        await link.click();
        await page.waitForURL((url) => (href === '/' ? url.pathname === '/' : url.pathname.startsWith(href)));
        // The page's own title (the root layout's template), not merely some text: an empty
        // title or the bare fallback would both fail here.
        await expect(page, `title after navigating to ${area} (round ${round + 1})`).toHaveTitle(/\S · Signdesk$/, {
          timeout: 15_000,
        });
        seen.push(await page.title());
      }
    }
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  expect(seen).toHaveLength(ROUNDS * AREAS.length);
});

test('the title is the last page’s after navigations that interrupt each other, with the CPU slowed twentyfold', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  const nav = page.getByRole('navigation', { name: 'Areas' });
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // Each click lands while the page before is still rendering.
      for (const area of AREAS) await nav.getByRole('link', { name: new RegExp(`^${area}`) }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect(page, `title after burst ${round + 1}`).toHaveTitle(/^Home · Signdesk$/, { timeout: 15_000 });
    }
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
});
