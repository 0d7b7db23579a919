import type { Page } from '@playwright/test';
import { control, expect, expectAccessible, expectPhoneFits, ndaPreview, post, signIn, snap, test } from './fixtures.ts';

// Home: every role lands there; what needs the user leads to where it is resolved, and is gone
// from home once it is, without a manual refresh. The badge beside "Home" counts "Needs you".

const run = Date.now().toString(36);
const headers = (page: Page) => ({
  origin: new URL(page.url()).origin,
  'idempotency-key': `e2e-home-${run}-${Math.random().toString(36).slice(2)}`,
});
const section = (page: Page, title: string) => page.getByRole('region', { name: new RegExp(`^${title}`) });
const homeLink = (page: Page) => page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: /^Home/ });

async function sentBackRequest(page: Page, external: string) {
  const res = await page.request.post('/api/approval-requests', {
    headers: headers(page),
    data: {
      workflow_id: 'wf_access',
      workflow_release_id: 'wf_access@2',
      external_id: external,
      form_data: { system: 'crm', access_level: 'read', justification: 'Quarterly sales reporting', access_until: '2026-12-31' },
      submit: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { id } = (await res.json()) as { id: string };
  await control(`/approval-requests/${id}/actions`, {
    action: 'request_revision',
    comment: 'One more thing',
    requirements: [{ message: 'Confirm your manager agrees.' }],
  });
  return id;
}

test.describe('home', () => {
  test('an operator lands on home, is led to a request sent back, and home drops it once resubmitted; by keyboard', async ({
    page,
  }) => {
    await signIn(page, 'operator');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(homeLink(page)).toHaveAttribute('aria-current', 'page');
    const external = `e2e-home-${run}`;
    const id = await sentBackRequest(page, external);

    // The reviewer's ask reaches home on its next read (it keeps the API's lists a moment).
    await expect(async () => {
      await page.reload();
      await expect(section(page, 'Needs you').getByRole('link', { name: external })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const row = section(page, 'Needs you').getByRole('listitem').filter({ hasText: external });
    await expect(row).toContainText('Revision requested');
    await expect(row).toContainText('You submitted it; a reviewer asked for changes');
    await expect(homeLink(page)).toHaveAccessibleName(/^Home, \d+ needs? you$/);
    for (const title of ['Stuck', 'Your drafts', 'Went wrong']) await expect(section(page, title)).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'home-operator');

    // By keyboard: the row's link opens the request, where the revision is answered.
    await row.getByRole('link', { name: external }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/approvals/${id}$`));
    const revision = page.getByRole('region', { name: 'Revision' });
    await revision.getByRole('button', { name: 'Resubmit' }).click();
    await expect(page.getByText('Resubmitted: the request is back with the reviewer.')).toBeVisible();

    await homeLink(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(section(page, 'Needs you').getByRole('link', { name: external })).toHaveCount(0);
  });

  test('a sender’s draft waits on home and opens where it was left; home fits a phone', async ({ page }) => {
    await signIn(page, 'sender');
    const counterparty = `Home draft ${run}`;
    const res = await page.request.post('/api/package-drafts', {
      headers: headers(page),
      data: {
        template_id: 'dst_nda',
        template_name: 'Mutual non-disclosure agreement',
        values: { sender_values: { counterparty_name: counterparty }, signers: [], expires_in_days: '' },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    await page.goto('/');
    const drafts = section(page, 'Your drafts');
    const row = drafts.getByRole('listitem').filter({ hasText: counterparty });
    await expect(row).toContainText('Package draft');
    await expectPhoneFits(page, 'home-sender-phone');
    await row.getByRole('link', { name: 'Mutual non-disclosure agreement' }).click();
    await expect(page).toHaveURL(/\/packages\/new\?draft=/);
    await expect(page.getByLabel('Counterparty name')).toHaveValue(counterparty);
  });

  test('a review whose receipt is lapsing waits under Needs you and opens the send form with its values, to preview again', async ({
    page,
  }) => {
    await signIn(page, 'sender');
    const reference = `Lapsing ${run}`;
    const counterparty = `Lapse Counterparty ${run}`;
    const preview = await post(
      page.request,
      page,
      '/api/packages/preview',
      ndaPreview(counterparty, `lapse${run}`, 21, { reference }),
    );
    expect(preview.status(), await preview.text()).toBe(200);
    await page.goto('/');
    const row = section(page, 'Needs you').getByRole('listitem').filter({ hasText: reference });
    await expect(row).toContainText('Review lapsing');
    await expect(row).toContainText(/lapses in about \d+ min/);
    await expect(homeLink(page)).toHaveAccessibleName(/^Home, \d+ needs? you$/);
    await row.getByRole('link', { name: reference }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/packages\/new\?review=/);
    await expect(page.getByText('Your review’s values are filled in again.')).toBeVisible();
    // A client-side navigation: the page's title follows its content a moment later.
    await expect(page).toHaveTitle(/^Send a package/);
    await expect(page.getByLabel('Counterparty name')).toHaveValue(counterparty);
    await expect(page.getByLabel('Reference', { exact: true })).toHaveValue(reference);
    await expectAccessible(page);
    await snap(page, 'home-review-lapsing-resumed');
  });

  test('what went wrong says so in words, leads to where it is put right, leaves once it is, and can be dismissed', async ({
    page,
  }) => {
    await signIn(page, 'sender');
    const importCsv = (csv: string) => page.request.post('/api/recipients/import', { headers: headers(page), data: { csv } });
    const bad = `email,name,phone\nnot-an-address-${run},Nobody ${run},\n`;
    expect((await importCsv(bad)).status()).toBe(422);
    await page.goto('/');
    const wrong = section(page, 'Went wrong');
    const row = wrong.getByRole('listitem').filter({ hasText: 'Imported recipients into the book' }).first();
    await expect(row).toContainText('The file had problems');
    await expect(row).not.toContainText('RECIPIENT_IMPORT_INVALID');
    await expectAccessible(page);
    await snap(page, 'home-went-wrong');
    await expectPhoneFits(page, 'home-went-wrong-phone');

    // Its link opens the recipient book, where an import is made again.
    await row.getByRole('link', { name: 'Imported recipients into the book' }).click();
    await expect(page).toHaveURL(/\/packages\/recipients$/);
    expect((await importCsv(`email,name,phone\nhome-${run}@example.org,Home ${run},\n`)).status()).toBe(200);
    await homeLink(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(
      section(page, 'Went wrong').getByRole('listitem').filter({ hasText: 'Imported recipients into the book' }),
    ).toHaveCount(0);

    // Another failure, put aside by its user: it leaves home.
    expect((await importCsv(bad)).status()).toBe(422);
    await page.reload();
    const again = section(page, 'Went wrong').getByRole('listitem').filter({ hasText: 'Imported recipients into the book' });
    await expect(again).toHaveCount(1);
    await again.getByRole('button', { name: /^Dismiss/ }).click();
    await expect(again).toHaveCount(0);
    await expect(section(page, 'Went wrong')).toContainText('Nothing you did in the last 24 hours failed');
  });

  test('a viewer sees only what its roles open, each section saying plainly when it is empty', async ({ page }) => {
    await signIn(page, 'viewer');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(section(page, 'Your drafts')).toContainText('No drafts');
    await expect(section(page, 'Expiring soon')).toBeVisible();
    await expect(page.getByText('This section could not be read')).toHaveCount(0);
  });
});
