import { expect, test } from '@playwright/test';
import { DOCS_SCREENS } from '../scripts/docs-screens';
import { signIn } from './fixtures';

// Every screen npm run docs:screenshots pictures for the guides loads without an error, and its
// Help link opens the section of the guide served by the console itself.
for (const screen of DOCS_SCREENS) {
  test(`the guides' screen "${screen.name}" (${screen.path}) loads without an error`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    if (screen.role) await signIn(page, screen.role, { at: screen.path });
    else await page.goto(screen.path);
    await expect(page.getByText(screen.ready).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(/could not be loaded|Something went wrong/)).toHaveCount(0);
    expect(errors).toEqual([]);
    if (!screen.role) return;
    const help = page.getByRole('link', { name: 'Help for this screen (opens in a new tab)' });
    const href = await help.getAttribute('href');
    expect(href).toMatch(/^\/help(\/[a-z]+)?#[a-z0-9-]+$/);
    const guide = await page.context().newPage();
    await guide.goto(href!);
    await expect(guide.locator(`[id="${href!.split('#')[1]}"]`)).toBeVisible();
    await guide.close();
  });
}
