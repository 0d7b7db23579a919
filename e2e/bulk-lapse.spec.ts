import { control, DIALECT, expect, reviewAllPages, test } from './fixtures';
import { line, makeBatch, run } from './bulk-fixtures';

// Moves the API's clock, so it runs with the journeys that change the world (playwright.config.ts).

test('a receipt lapsing mid-review is previewed again, the pages seen kept for the very same document', async ({ page }) => {
  await makeBatch(page, `Lapsing ${run}`, line(11));
  await page.getByRole('button', { name: 'Review row 2' }).click();
  await expect(page.getByRole('complementary', { name: /^Row 2/ })).toBeVisible({ timeout: 20_000 });
  await reviewAllPages(page);
  // The sender looks a while: the pages were seen well before the receipt that replaces this one
  // (more than the few seconds of slack review-evidence.ts allows a browser's clock).
  await page.waitForTimeout(7_000);
  // Ten minutes pass on the API's clock: the receipt under review has run out.
  await control('/clock', { advance_seconds: 600 });
  const again = page.getByRole('button', { name: 'Preview again' });
  await expect(again).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Confirm and send' })).toBeDisabled();
  await again.click();
  // The same values make the same PDF, so its pages stay reviewed; only a digest the API names proves it.
  const progress = page.getByTestId('review-progress');
  if (DIALECT === 'standard') await expect(progress).toHaveText(/Reviewed (\d+) of \1 pages?$/);
  await reviewAllPages(page);
  // The review may draw its confirmation again as the last page is marked: scroll to it once it holds still.
  await expect(async () => {
    await page.getByText(/^I have reviewed this package’s document/).scrollIntoViewIfNeeded({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByLabel(/I have reviewed this package’s document/).check();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Row 2' }).getByText('Sent', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
});
