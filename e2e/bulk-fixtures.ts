import type { Page } from '@playwright/test';
import { apiId, expect, reviewAllPages, signIn } from './fixtures';

// The bulk-send journeys' shared steps: a spreadsheet of NDAs, a batch made of it, one
// package reviewed and confirmed as a sender does it.

export const run = Date.now().toString(36);

export const HEADER =
  'counterparty_name,effective_date,governing_law,company_signer.name,company_signer.email,company_signer.phone,counterparty_signer.name,counterparty_signer.email,counterparty_signer.phone,reference';
export const line = (n: number, email = `bulk${n}.${run}@example.org`) =>
  `Contractor ${n} ${run},2027-01-15,,Grace Hopper,grace@example.com,+4915112345678,Contractor ${n},${email},+44 20 7123 456${n},Bulk ${run} ${n}`;

export async function openNewBatch(page: Page) {
  await signIn(page, 'sender', { at: `/catalog/document-sign-templates/${apiId('dst_nda')}` });
  await page.getByRole('link', { name: 'Send in bulk' }).click();
  await expect(page).toHaveURL(/\/packages\/bulk\/new\?template=/);
  await expect(page.getByRole('heading', { name: '1. Get the spreadsheet' })).toBeVisible();
}

/** Reviews the package on screen: every page, every section, then Confirm. */
export async function reviewAndConfirm(page: Page, rowLine: number) {
  const aside = page.getByRole('complementary', { name: new RegExp(`^Row ${rowLine}`) });
  await expect(aside).toBeVisible({ timeout: 20_000 });
  await aside.scrollIntoViewIfNeeded();
  await reviewAllPages(page);
  const confirm = page.getByLabel(/I have reviewed this package’s document/);
  await page.getByText(/^I have reviewed this package’s document/).scrollIntoViewIfNeeded();
  await expect(confirm).toBeEnabled();
  await confirm.check();
  await page.getByRole('button', { name: 'Confirm and send' }).click();
}

/** Makes a batch of the given rows (a 14-day expiry) and opens it. */
export async function makeBatch(page: Page, name: string, ...rows: string[]) {
  await openNewBatch(page);
  await page.getByLabel('Or paste rows from a spreadsheet').fill([HEADER, ...rows].join('\n'));
  await page.getByRole('button', { name: 'Read pasted rows' }).click();
  await page.getByRole('button', { name: '14' }).click();
  await page.getByLabel('Batch name').fill(name);
  await page.getByRole('button', { name: /^Make the batch/ }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
}
