import { expect, expectAccessible, expectPhoneFits, sendNdaViaApi, signIn, snap, test } from './fixtures.ts';

// Issue 39: Insights draws what the console sent: a chart with its table beside it, a CSV of
// its figures, and a click on a bar (or the table's link) opens the packages list for that day.
// The journeys' console runs without the watcher, so outcomes are "not seen", and the page says so.

test('insights: packages sent per day, drawn and tabled, a bar opening the list of that day', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const tag = `${Date.now().toString(36)}ins`;
  await sendNdaViaApi(page, `Insights ${tag} one`, tag);
  await sendNdaViaApi(page, `Insights ${tag} two`, `${tag}b`);

  await page.setViewportSize({ width: 1360, height: 900 });
  await page.goto('/insights?period=7d');
  // the browser's time zone is put in the URL, so the days are the viewer's
  await expect(page).toHaveURL(/[?&]tz=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();

  const sent = page.locator('[data-figure="packages-sent"]');
  await expect(sent.getByRole('heading', { name: 'Packages sent per day' })).toBeVisible();
  const table = sent.getByRole('table', { name: 'Packages sent per day' });
  await expect(table.getByRole('row')).toHaveCount(8); // a header and 7 days
  const today = table.getByRole('row').last();
  expect(Number(await today.getByRole('cell').last().textContent())).toBeGreaterThanOrEqual(2);
  // the chart is drawn (for the eye; hidden from screen readers, who have the table)
  await expect(sent.locator('.recharts-bar-rectangle').last()).toBeVisible();
  await expect(sent.getByTestId('chart-bar')).toHaveAttribute('aria-hidden', 'true');

  // what the console did not see is said
  await expect(page.getByRole('heading', { name: 'What the console did not see' })).toBeVisible();
  await expect(page.getByText(/not been\s+seen by the watcher yet/)).toBeVisible();
  await expect(page.getByText('Sent to first signature')).toBeVisible();

  // the CSV holds the table's figures
  const csvHref = await sent.getByRole('link', { name: /Download CSV/ }).getAttribute('href');
  const csv = await page.request.get(csvHref!);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trim().split('\r\n');
  expect(lines[0]).toBe('from,to,sent');
  expect(lines).toHaveLength(8);

  await expectAccessible(page);
  await snap(page, 'insights-1360');
  await expectPhoneFits(page, 'insights-390');

  // a click on today's bar opens the packages list sent that day
  const day = (await today.getByRole('cell').first().textContent())!.trim();
  await sent.locator('.recharts-bar-rectangle').last().click();
  await expect(page).toHaveURL(new RegExp(`/packages\\?sent_from=${day}&sent_to=${day}`));
  await expect(page.getByRole('link', { name: /NDA|Mutual/ }).first()).toBeVisible();

  // and so does the table's link, for the keyboard and screen readers
  await page.goBack();
  await page.locator('[data-figure="packages-sent"]').getByRole('link', { name: day }).click();
  await expect(page).toHaveURL(new RegExp(`/packages\\?sent_from=${day}&sent_to=${day}`));
});

test('insights: a bad period is refused in words, the form showing which field', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto('/insights?period=custom&from=2026-11-10&to=2026-11-01&tz=UTC');
  await expect(page.getByRole('alert').filter({ hasText: 'These figures cannot be shown' })).toContainText(
    'to must be on or after from',
  );
  await expect(page.getByLabel('To')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
});
