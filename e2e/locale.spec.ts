import { newIdempotencyKey } from '../lib/idempotency.ts';
import { expect, signIn, snap, test } from './fixtures.ts';

// Dates and numbers follow the browser's locale (lib/format.ts), times stay in UTC and say so,
// and nothing the server rendered differs from what the browser then renders (no hydration error).

test.use({ locale: 'de-DE' });

test('a German browser reads amounts, dates and times the German way, in UTC', async ({ page, baseURL }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && /hydrat|did not match/i.test(m.text()) && problems.push(m.text()));

  await signIn(page, 'operator');
  // A draft needs no receipt yet, and shows its form data all the same.
  const created = await page.request.post('/api/approval-requests', {
    headers: { origin: baseURL!, 'idempotency-key': newIdempotencyKey('e2e') },
    data: {
      workflow_id: 'wf_expense',
      workflow_release_id: 'wf_expense@2',
      external_id: `e2e-locale-${Date.now().toString(36)}`,
      form_data: { amount: 1234.5, currency: 'EUR', description: 'Client workshop catering', cost_center: 'CC-1234', expense_date: '2026-01-20' },
      submit: false,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/approvals/${id}`);
  const data = page.getByRole('region', { name: 'Form data' });
  await expect(data).toContainText('1.234,50\u00a0€');
  await expect(data).toContainText('20. Jan. 2026');
  await expect(page.locator('dl').first()).toContainText(/\d{1,2}\. [A-Z][a-zä]+\.? \d{4}, \d\d:\d\d UTC/);
  await expect(page.locator('dl').first()).toContainText('Draft');
  await snap(page, 'locale-de-approval-detail');
  expect(problems).toEqual([]);
});

test('a catalog record rendered on the server reads the German way and hydrates without a mismatch', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && /hydrat|did not match/i.test(m.text()) && problems.push(m.text()));
  const reads: string[] = [];
  page.on('request', (r) => r.url().includes('/api/categories/cat_finance') && reads.push(r.url()));

  await signIn(page, 'viewer', { at: '/catalog/categories/cat_finance' });
  const facts = page.locator('dl').first();
  await expect(facts).toContainText(/Created\s*\d{1,2}\. [A-Z][a-zä]+\.? \d{4}, \d\d:\d\d UTC/);
  await expect(page.getByText('Expenses, invoices and budget approvals.')).toBeVisible();
  // The record came with the page: the browser did not have to ask for it.
  expect(reads).toEqual([]);
  expect(problems).toEqual([]);
});
