import { readFile } from 'node:fs/promises';
import { expect, expectPhoneFits, sendNdaViaApi, signIn, snap, test } from './fixtures.ts';

// The packages and approval-requests lists narrow by sent and updated days (kept in the URL)
// and export what they show as CSV.

test('a sender narrows the packages list to the day a package was sent and exports exactly that', async ({ page }) => {
  await signIn(page, 'sender');
  const tag = `rng${Date.now().toString(36)}`;
  const id = await sendNdaViaApi(page, `Range Counterparty ${tag}`, tag);
  const pkg = (await (await page.request.get(`/api/packages/${id}`)).json()) as { sent_at?: string; created_at?: string };
  const day = (pkg.sent_at ?? pkg.created_at)!.slice(0, 10);

  await page.goto(`/packages?q=${tag}`);
  await expect(page.getByRole('link', { name: 'Mutual non-disclosure agreement' })).toHaveCount(1);
  await page.getByLabel('Sent from').fill(day);
  await expect(page).toHaveURL(new RegExp(`sent_from=${day}`));
  await page.getByLabel('Sent to').fill(day);
  await expect(page).toHaveURL(new RegExp(`sent_to=${day}`));
  await expect(page.getByRole('table').getByText(id)).toBeVisible();

  // A range that ends before it starts is said at once, asks nothing, and cannot be exported.
  const before = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Sent to').fill(before);
  await expect(page.getByRole('alert').filter({ hasText: 'The end day is before the start day' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV (filtered)' })).toHaveAttribute('aria-disabled', 'true');
  // ...and lists nothing, rather than the packages it listed before.
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: 'No packages are listed: the end day is before the start day' }),
  ).toBeVisible();
  await snap(page, 'packages-backwards-range');
  await expectPhoneFits(page, 'packages-backwards-range-390');
  await page.getByLabel('Sent to').fill(day);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV (filtered)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^signdesk-packages-\\d{4}-\\d\\d-\\d\\d_q-${tag}_sent_from-${day}_sent_to-${day}\\.csv$`),
  );
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(id);
  expect(lines[1]).toContain(`Grace Hopper ${tag}`);
  await snap(page, 'packages-day-range');
  await expectPhoneFits(page, 'packages-day-range-390');

  // Kept as a named view: listed on home, opening the list as it is filtered now, and deletable there.
  const name = `Day ${day} ${tag}`;
  await page.getByRole('button', { name: 'Save this view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this view' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(page.getByText(`Saved the view “${name}”. It is listed on your home.`)).toBeVisible();
  await page.getByRole('link', { name: /^Home/ }).click();
  const views = page.getByRole('region', { name: 'Your saved views' });
  await expect(views.getByRole('link', { name })).toBeVisible();
  await expect(views).toContainText(`Search “${tag}” · Sent on ${day}`);
  await views.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/packages\\?q=${tag}&sent_from=${day}&sent_to=${day}$`));
  await expect(page.getByRole('table').getByText(id)).toBeVisible();
  await page.goto('/');
  await views.getByRole('button', { name: `Delete the view ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete view' }).click();
  await expect(views.getByRole('link', { name })).toHaveCount(0);
});

test('the approval-requests list offers the same day ranges and export, kept in its URL', async ({ page }) => {
  await signIn(page, 'operator', { at: '/approvals?updated_from=2026-01-01&updated_to=2026-01-02' });
  await expect(page.getByLabel('Updated from')).toHaveValue('2026-01-01');
  await expect(page.getByLabel('Updated to')).toHaveValue('2026-01-02');
  await expect(page.getByRole('link', { name: 'Export CSV (filtered)' })).toHaveAttribute(
    'href',
    '/api/approval-requests/export?updated_from=2026-01-01&updated_to=2026-01-02',
  );
  // A range that ends before it starts lists nothing, even opened straight from the address.
  await page.goto('/approvals?updated_from=2026-01-05&updated_to=2026-01-02');
  await expect(
    page.getByRole('status').filter({ hasText: 'No approval requests are listed: the end day is before the start day' }),
  ).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.goto('/approvals?updated_from=2026-01-01&updated_to=2026-01-02');
  // The field shows the server's value before React has hydrated it, and an edit made in that
  // moment is not seen by React: set and cleared again until the URL follows.
  await expect(async () => {
    await page.getByLabel('Updated from').fill('2026-01-01');
    await page.getByLabel('Updated from').fill('');
    await expect(page).not.toHaveURL(/updated_from/, { timeout: 1_000 });
  }).toPass();
});
