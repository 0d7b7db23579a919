import type { Page } from '@playwright/test';
import { newIdempotencyKey } from '../lib/idempotency.ts';
import { control, expect, expectAccessible, post, sendNdaViaApi, signIn, snap, test } from './fixtures.ts';

// The header's search: every kind of record the user's roles read, by keyboard alone, grouped,
// with the records lately opened before anything is typed; a slow API shows it is searching
// and never a list for older text.

const box = (page: Page) => page.getByRole('combobox', { name: 'Search Signdesk' });
const results = (page: Page) => page.getByRole('listbox', { name: 'Search results' });
const group = (page: Page, name: string) => results(page).getByRole('group', { name });

/** Ctrl+K from wherever the focus is, then the text. */
async function search(page: Page, text: string) {
  await page.keyboard.press('Control+k');
  await expect(box(page)).toBeFocused();
  await page.keyboard.type(text);
}

/** Arrows down to `option`, as a keyboard user would, then Enter. */
async function openByKeyboard(page: Page, option: ReturnType<Page['getByRole']>) {
  await expect(option).toBeVisible();
  for (let i = 0; i < 30 && (await option.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box(page)).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await page.keyboard.press('Enter');
}

test.afterEach(async () => {
  await control('/faults', { rules: [] });
});

test('finds each kind of record by keyboard alone, opens the first hit with Enter, and lists it as recently opened', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const tag = `srch${Date.now().toString(36)}`;
  const packageId = await sendNdaViaApi(page, `Search Counterparty ${tag}`, tag);
  const request = await post(
    page.request,
    page,
    '/api/approval-requests',
    {
      workflow_id: 'wf_expense',
      workflow_release_id: 'wf_expense@2',
      external_id: `e2e-${tag}`,
      form_data: {
        amount: 42,
        currency: 'EUR',
        description: 'Search journey',
        cost_center: 'CC-1234',
        expense_date: '2026-01-20',
      },
      submit: false,
    },
    newIdempotencyKey('e2e'),
  );
  expect(request.ok(), await request.text()).toBe(true);
  const { id: requestId } = (await request.json()) as { id: string };

  await page.goto('/');
  // "/" from the page (not a text field) comes to the box as well.
  await page.locator('body').press('/');
  await expect(box(page)).toBeFocused();
  await expect(box(page)).toHaveAttribute('aria-expanded', 'true');

  // Catalog kinds: a document-sign template and the categories.
  await page.keyboard.type('non-disclosure');
  await openByKeyboard(
    page,
    group(page, 'Document-sign templates').getByRole('option', { name: /Mutual non-disclosure agreement/ }),
  );
  await expect(page).toHaveURL(/\/catalog\/document-sign-templates\/dst_nda$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mutual non-disclosure agreement' })).toBeVisible();

  // An approval request by its external id.
  await search(page, `e2e-${tag}`);
  await openByKeyboard(page, group(page, 'Approval requests').getByRole('option', { name: new RegExp(`e2e-${tag}`) }));
  await expect(page).toHaveURL(new RegExp(`/approvals/${requestId}$`));

  // A package by what the console recorded of its send (a signer's name).
  await search(page, tag);
  await openByKeyboard(page, group(page, 'Signature packages').getByRole('option', { name: new RegExp(packageId) }));
  await expect(page).toHaveURL(new RegExp(`/packages/${packageId}$`));

  // A category; Esc closes the list, a second Esc clears the box.
  await search(page, 'Procurement');
  await expect(group(page, 'Categories').getByRole('option', { name: /Procurement/ })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'search-results');
  await page.keyboard.press('Escape');
  await expect(results(page)).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(box(page)).toHaveValue('');

  // Nothing typed: the records opened through the search, newest first.
  await page.keyboard.press('ArrowDown');
  const recent = group(page, 'Recently opened').getByRole('option');
  await expect(recent.first()).toContainText(packageId);
  await expect(recent.nth(1)).toContainText(`e2e-${tag}`);
  await expect(recent.nth(2)).toContainText('Mutual non-disclosure agreement');
});

test('a role that cannot read packages is never offered them, and the search never asks for them', async ({ page }) => {
  await signIn(page, 'operator');
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) asked.push(path);
  });
  await search(page, 'agreement');
  await expect(group(page, 'Document-sign templates').getByRole('option').first()).toBeVisible();
  await expect(group(page, 'Signature packages')).toHaveCount(0);
  await expect(results(page).getByText('Searching…')).toHaveCount(0);
  expect(asked).not.toContain('/api/packages');
  expect(asked).toContain('/api/documents');
  expect(asked).toContain('/api/approval-requests');
});

test('a slow API shows that it is searching, then the answers for the text as it now stands', async ({ page }) => {
  await signIn(page, 'viewer');
  await search(page, 'Finance');
  await expect(group(page, 'Categories').getByRole('option', { name: /Finance/ })).toBeVisible();

  // Every list the search asks now takes 2 s at the API.
  await control('/faults', { rules: [{ method: 'GET', path: '/api/v1/*', latency_ms: 2_000, times: 100 }] });
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Legal');
  // The answers for "Finance" are gone at once: never a list that stands for older text.
  await expect(results(page).getByRole('option', { name: /Finance/ })).toHaveCount(0);
  await expect(results(page).getByText('Searching…').first()).toBeVisible();
  await expect(group(page, 'Categories').getByRole('option', { name: /Legal/ })).toBeVisible({ timeout: 15_000 });
  await expect(results(page).getByRole('option', { name: /Finance/ })).toHaveCount(0);
});

test('on a 390 px phone the search takes a row of its own and its results fit', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'viewer');
  await search(page, 'Expense');
  await expect(results(page).getByRole('option').first()).toBeVisible();
  const [boxWidth, listWidth] = await Promise.all([box(page).boundingBox(), results(page).boundingBox()]);
  expect(boxWidth!.width).toBeGreaterThan(330);
  expect(listWidth!.x).toBeGreaterThanOrEqual(0);
  expect(listWidth!.x + listWidth!.width).toBeLessThanOrEqual(390);
  await snap(page, 'search-390');
});
