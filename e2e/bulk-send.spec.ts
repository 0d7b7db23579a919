import { expect, expectAccessible, expectPhoneFits, signIn, snap, test } from './fixtures';
import { HEADER, line, makeBatch, openNewBatch, reviewAndConfirm, run } from './bulk-fixtures';

// Bulk send: a spreadsheet read and checked before anything is made, a bad row fixed in
// place, every package reviewed with the single send's gate, sent once each.

test('a 3-row batch: a bad row fixed in place, every package reviewed and sent once', async ({ page }) => {
  await openNewBatch(page);
  const csv = [HEADER, line(1), line(2, 'not-an-address'), line(3)].join('\r\n');
  await page.getByLabel('Or paste rows from a spreadsheet').fill(csv);
  await page.getByRole('button', { name: 'Read pasted rows' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Read 3 rows from Pasted rows' })).toBeVisible();
  await expect(page.getByText('3 rows: 2 ready, 1 to fix.')).toBeVisible();

  const make = page.getByRole('button', { name: 'Make the batch (3 packages)' });
  await expect(make).toBeDisabled();
  // The bad cell is named by row and column, and fixed where it is.
  const email = page.getByLabel('Row 3: Counterparty signatory: e-mail');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await email.fill(`bulk2.${run}@example.org`);
  await expect(page.getByText('3 rows: 3 ready.')).toBeVisible();
  // A blank expiry in the file takes the batch's.
  await expect(page.getByText('Fix the file')).toHaveCount(0);
  await page.getByRole('button', { name: '30' }).click();
  await page.getByLabel('Batch name').fill(`Contractors ${run}`);
  await expect(make).toBeEnabled();
  await snap(page, 'bulk-new-batch');
  await make.click();

  await expect(page).toHaveURL(/\/packages\/bulk\/blk_/);
  await expect(page.getByRole('heading', { name: `Contractors ${run}` })).toBeVisible();
  await expect(page.getByText('0 of 3 sent · 3 to review')).toBeVisible();
  await expectAccessible(page);

  // By keyboard: N opens the next package to review.
  await page.keyboard.press('n');
  await reviewAndConfirm(page, 2);
  // The next package opens by itself, with what differs from the one before.
  const differs = page.getByRole('region', { name: 'Differs from row 2' });
  await expect(differs).toBeVisible({ timeout: 20_000 });
  await expect(differs).toContainText(`Contractor 2 ${run}`);
  // And the pages whose text differs, read from both documents' text layers.
  await expect(page.getByTestId('pages-differing')).toHaveText(/^Text differs on pages? 1\b/, { timeout: 20_000 });
  await snap(page, 'bulk-review-row');
  await reviewAndConfirm(page, 3);

  // A reload mid-batch resumes where it was: sent rows stay sent, the last one is still to review.
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: 'Row 4' }).getByText('To review')).toBeVisible();
  await page.getByRole('button', { name: 'Review row 4' }).click();
  await reviewAndConfirm(page, 4);

  await expect(page.getByText('3 of 3 sent')).toBeVisible({ timeout: 30_000 });
  const rows = page.getByRole('list', { name: 'Packages of the batch' });
  await expect(rows.getByText('Sent', { exact: true })).toHaveCount(3);
  await expectAccessible(page);

  // Each package was made once, with the console's record naming its row's reference.
  const batchPage = new URL(page.url()).pathname;
  await rows.getByRole('link', { name: 'Package of row 2' }).click();
  await expect(page.getByText(`Bulk ${run} 1`)).toBeVisible();
  await page.goto(batchPage);
  await expect(page.getByRole('heading', { name: `Contractors ${run}` })).toBeVisible();

  // The results as CSV.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download results (CSV)' }).click();
  const file = await (await download).path();
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(file, 'utf8');
  expect(text.split('\r\n').filter(Boolean)).toHaveLength(4);
  expect(text).toContain(`Bulk ${run} 3`);

  // The list shows the batch done.
  await page.goto('/packages/bulk');
  const batch = page.getByRole('listitem').filter({ hasText: `Contractors ${run}` });
  await expect(batch.getByText('Done', { exact: true })).toBeVisible();
});

test('a batch paused stops sending, and resumed sends what was confirmed', async ({ page }) => {
  await openNewBatch(page);
  await page.getByLabel('Or paste rows from a spreadsheet').fill([HEADER, line(7), line(8)].join('\n').replaceAll(',', '\t'));
  await page.getByRole('button', { name: 'Read pasted rows' }).click();
  await page.getByRole('button', { name: '14' }).click();
  await page.getByLabel('Batch name').fill(`Paused ${run}`);
  await page.getByRole('button', { name: 'Make the batch (2 packages)' }).click();
  await expect(page.getByRole('heading', { name: `Paused ${run}` })).toBeVisible();

  await page.getByRole('button', { name: 'Pause sending' }).click();
  await expect(page.getByText('Paused: confirmed packages wait here')).toBeVisible();
  await page.getByRole('button', { name: 'Review row 2' }).click();
  await reviewAndConfirm(page, 2);
  // Confirmed, but the batch is paused: it waits.
  const row2 = page.getByRole('listitem').filter({ hasText: 'Row 2' });
  await expect(row2.getByText('Reviewed, waiting to send')).toBeVisible();
  await page.getByRole('button', { name: 'Resume sending' }).click();
  await expect(row2.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('1 of 2 sent')).toBeVisible();
});

test('bulk send at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openNewBatch(page);
  await page.getByLabel('Or paste rows from a spreadsheet').fill([HEADER, line(5, 'nope')].join('\n'));
  await page.getByRole('button', { name: 'Read pasted rows' }).click();
  await expect(page.getByText('1 row: 0 ready, 1 to fix.')).toBeVisible();
  await expectPhoneFits(page, 'bulk-new-batch-390');
  await page.getByLabel('Row 2: Counterparty signatory: e-mail').fill(`phone.${run}@example.org`);
  await page.getByRole('button', { name: '7 days' }).click();
  await page.getByRole('button', { name: 'Make the batch (1 package)' }).click();
  await expect(page.getByText('0 of 1 sent · 1 to review')).toBeVisible();

  // The whole review by keyboard: N opens it, Enter on "Next unreviewed page" shows each page,
  // Space ticks the confirmation, Enter confirms.
  await page.keyboard.press('n');
  await expect(page.getByRole('complementary', { name: /^Row 2/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('review-progress')).toBeVisible({ timeout: 20_000 });
  // A phone's width draws the pages too small to read: they count once zoomed to a readable size.
  await page.getByRole('button', { name: 'Zoom to 60 %' }).press('Enter');
  const progress = page.getByTestId('review-progress');
  const next = page.getByRole('button', { name: 'Next unreviewed page' });
  for (let i = 0; i < 20 && (await next.isVisible()); i++) {
    const before = await progress.textContent();
    await next.press('Enter');
    await expect(async () => {
      expect((await next.isVisible()) ? await progress.textContent() : 'done').not.toBe(before);
    }).toPass({ timeout: 10_000 });
  }
  await expect(progress).toHaveText(/Reviewed (\d+) of \1 pages?$/);
  await expectPhoneFits(page, 'bulk-review-390');
  // Read down the summary, section by section, as the keyboard's Page Down would.
  for (const section of ['Template and version', 'Values', 'Recipients', 'Expiry'])
    await page.getByRole('region', { name: new RegExp(`^${section}`) }).scrollIntoViewIfNeeded();
  const confirm = page.getByLabel(/I have reviewed this package’s document/);
  await confirm.scrollIntoViewIfNeeded();
  await expect(confirm).toBeEnabled();
  await confirm.focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Confirm and send' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listitem').filter({ hasText: 'Row 2' }).getByText('Sent', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expectPhoneFits(page, 'bulk-batch-390');
});

test('a confirmed row is sent by the console after its tab is closed', async ({ page, context }) => {
  const email = `closed.${run}@example.org`;
  await makeBatch(page, `Closed tab ${run}`, line(9, email));
  const batchUrl = page.url().replace(/\?.*$/, '');
  // Paused while the row is confirmed, then resumed and the tab closed at once: nobody watches.
  await page.getByRole('button', { name: 'Pause sending' }).click();
  await page.getByRole('button', { name: 'Review row 2' }).click();
  await reviewAndConfirm(page, 2);
  await page.getByRole('button', { name: 'Resume sending' }).click();
  await expect(page.getByRole('button', { name: 'Pause sending' })).toBeVisible();
  await page.close();

  // The package is made with no page of the console open.
  await expect
    .poll(
      async () => {
        const listed = await context.request.get(`/api/packages?q=${encodeURIComponent(email)}&size=100`);
        return ((await listed.json()) as { pagination: { total: number } }).pagination.total;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  const again = await context.newPage();
  await again.goto(batchUrl);
  await expect(again.getByRole('listitem').filter({ hasText: 'Row 2' }).getByText('Sent', { exact: true })).toBeVisible();
  await expect(again.getByText('whether or not this page stays open')).toBeVisible();
});

test('rows fixed before the batch is made survive a reload; after, a row is fixed or skipped; an admin follows it', async ({
  page,
  browser,
  baseURL,
}) => {
  await openNewBatch(page);
  await page.getByLabel('Or paste rows from a spreadsheet').fill([HEADER, line(21, 'broken'), line(22), line(23)].join('\n'));
  await page.getByRole('button', { name: 'Read pasted rows' }).click();
  await page.getByLabel('Row 2: Counterparty signatory: e-mail').fill(`kept.${run}@example.org`);
  await page.getByLabel('Batch name').fill(`Fixes ${run}`);
  await expect(page.getByText('3 rows: 3 ready.')).toBeVisible();

  // A reload (or a closed tab) loses none of the fixing.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Restored what you typed' })).toBeVisible();
  await expect(page.getByText('3 rows: 3 ready.')).toBeVisible();
  await expect(page.getByLabel('Batch name')).toHaveValue(`Fixes ${run}`);
  await page.getByRole('button', { name: '14' }).click();
  await page.getByRole('button', { name: 'Make the batch (3 packages)' }).click();
  await expect(page.getByRole('heading', { name: `Fixes ${run}` })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Packages of the batch' });
  await expect(rows.getByText(`kept.${run}@example.org`)).toBeVisible();

  // Made, a row not yet sent is fixed where it is, and goes back to review.
  await page.getByRole('button', { name: 'Fix row 3' }).click();
  const editor = page.getByRole('form', { name: 'Fix row 3' });
  const email = editor.getByLabel('Row 3: Counterparty signatory: e-mail');
  await email.fill('not-an-address');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(editor.getByRole('button', { name: 'Save row 3' })).toBeDisabled();
  await email.fill(`fixed.${run}@example.org`);
  await expectAccessible(page);
  await snap(page, 'bulk-fix-row');
  await editor.getByRole('button', { name: 'Save row 3' }).click();
  await expect(page.getByText('Row 3 fixed: review it again to send it.')).toBeVisible();
  await expect(rows.getByText(`fixed.${run}@example.org`)).toBeVisible();

  // Another is skipped: never sent, and can be taken back.
  await page.getByRole('button', { name: 'Skip row 4' }).click();
  const row4 = rows.getByRole('listitem').filter({ hasText: 'Row 4' });
  await expect(row4.getByText('Skipped', { exact: true })).toBeVisible();
  await expect(page.getByText('0 of 3 sent · 2 to review · 1 skipped')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Take back row 4' })).toBeVisible();
  await expectPhoneFits(page, 'bulk-batch-fixes-390');

  // An admin follows the batch, and is told whose it is; nothing in it is theirs to change.
  const batchUrl = new URL(page.url()).pathname;
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin', { at: batchUrl });
  await expect(admin.getByRole('heading', { name: `Fixes ${run}` })).toBeVisible();
  await expect(admin.getByText(/^Made by .+\. Only they review, fix, skip or stop its packages/)).toBeVisible();
  await expect(admin.getByText('0 of 3 sent · 2 to review · 1 skipped')).toBeVisible();
  await expect(admin.getByRole('button', { name: /^(Fix|Skip|Review) row/ })).toHaveCount(0);
  await expect(admin.getByRole('button', { name: 'Pause sending' })).toHaveCount(0);
  await expectAccessible(admin);
  await adminContext.close();
});
