import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';

// Issue 10: every dialog keeps the keyboard inside while it is open (Tab and Shift+Tab wrap
// around), closes on Escape and hands focus back to the button that opened it. Nothing is
// submitted: each dialog is opened from the keyboard and dismissed.

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

async function expectTrapAndRestore(page: Page, opener: Locator, dialog: Locator) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const holdsFocus = () => dialog.evaluate((d) => d.contains(document.activeElement));
  await expect.poll(holdsFocus, { message: 'focus moves into the dialog' }).toBe(true);
  // Once round the dialog's stops and past its ends, both ways.
  const stops = await dialog.locator(FOCUSABLE).count();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 1; press <= stops + 2; press++) {
      await page.keyboard.press(key);
      expect(await holdsFocus(), `${key} ×${press} stays in the dialog`).toBe(true);
    }
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
}

for (const width of [1360, 390]) {
  test.describe(`dialogs at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, 'admin');
    });

    test('New category and a category’s Archive trap and restore focus', async ({ page }) => {
      await page.goto('/catalog/categories');
      await expectTrapAndRestore(page, page.getByRole('button', { name: 'New category' }), page.getByRole('dialog', { name: 'New category' }));
      await page.goto('/catalog/categories/cat_finance');
      await expectTrapAndRestore(
        page,
        page.getByRole('button', { name: 'Archive category' }),
        page.getByRole('dialog', { name: /^Archive category “Finance”\?$/ }),
      );
    });

    test('the Users page’s dialogs trap and restore focus', async ({ page }) => {
      await page.goto('/admin/users');
      await expectTrapAndRestore(page, page.getByRole('button', { name: 'Add user' }), page.getByRole('dialog', { name: 'Add user' }));
      const who = 'operator@signdesk.local';
      await expectTrapAndRestore(page, page.getByRole('button', { name: `Change roles of ${who}` }), page.getByRole('dialog', { name: /^Roles of / }));
      await expectTrapAndRestore(page, page.getByRole('button', { name: `Reset password of ${who}` }), page.getByRole('dialog', { name: /^Reset the password of / }));
      await expectTrapAndRestore(page, page.getByRole('button', { name: `Disable ${who}` }), page.getByRole('alertdialog', { name: 'Disable this account?' }));
    });
  });
}
