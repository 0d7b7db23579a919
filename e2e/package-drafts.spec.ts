import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, reviewEveryPage, signIn, snap, test } from './fixtures.ts';

// Package drafts: the send form saved on the server per user, listed, resumed, deleted, sent
// (which deletes the draft) and started from a sent package; and the send form asking before
// unsaved input is lost after a trip to the review. Sends packages, so it runs in `world`.

const run = Date.now().toString(36);

const group = (page: Page, name: string) => page.getByRole('group', { name });
const status = (page: Page) => page.getByTestId('draft-status');
const SAVED = /^Draft saved · \d\d:\d\d UTC$/;
const DRAFT_URL = /\/packages\/new\?draft=(pdr_[0-9a-f]{32})$/;

const origin = (page: Page) => new URL(page.url()).origin;

interface Nda {
  counterparty: string;
  effective: string;
  company: [string, string, string];
  counter: [string, string, string];
}

const nda = (counterparty: string): Nda => ({
  counterparty,
  effective: '2026-01-15',
  company: ['Grace Hopper', 'grace@example.com', '+4915112345678'],
  // The counterparty signs under the unique name too, so the packages search finds the package.
  counter: [counterparty, 'alan@example.com', '+442071234567'],
});

async function fillNda(page: Page, v: Nda) {
  await page.getByRole('radio', { name: /Mutual non-disclosure agreement/ }).check();
  const values = group(page, 'Values in the document');
  await values.getByLabel('Counterparty name').fill(v.counterparty);
  await values.getByLabel('Effective date').fill(v.effective);
  for (const [slot, [name, email, phone]] of [
    ['Company signatory', v.company],
    ['Counterparty signatory', v.counter],
  ] as const) {
    const g = group(page, `Signer: ${slot}`);
    await g.getByLabel('Name').fill(name);
    await g.getByLabel('E-mail').fill(email);
    await g.getByLabel('Phone').fill(phone);
  }
  // No default expiry: choosing one is part of the form.
  await group(page, 'Expiry').getByRole('button', { name: '30 days' }).click();
}

async function expectNda(page: Page, v: Nda, days: string) {
  await expect(page.getByText('Chosen: Mutual non-disclosure agreement')).toBeVisible();
  const values = group(page, 'Values in the document');
  await expect(values.getByLabel('Counterparty name')).toHaveValue(v.counterparty);
  await expect(values.getByLabel('Effective date')).toHaveValue(v.effective);
  for (const [slot, [name, email, phone]] of [
    ['Company signatory', v.company],
    ['Counterparty signatory', v.counter],
  ] as const) {
    const g = group(page, `Signer: ${slot}`);
    await expect(g.getByLabel('Name')).toHaveValue(name);
    await expect(g.getByLabel('E-mail')).toHaveValue(email);
    await expect(g.getByLabel('Phone')).toHaveValue(phone);
  }
  await expect(group(page, 'Expiry').getByLabel('Days to sign')).toHaveValue(days);
}

/** Clicks Save draft and answers the draft id the address now names. */
async function saveDraft(page: Page, click: (button: Locator) => Promise<void> = (b) => b.click()) {
  await click(page.getByRole('button', { name: 'Save draft' }));
  await expect(status(page)).toHaveText(SAVED);
  await expect(page).toHaveURL(DRAFT_URL);
  return DRAFT_URL.exec(page.url())![1]!;
}

const draftRows = (page: Page, label: string) =>
  page.getByRole('table', { name: 'Package drafts' }).getByRole('row').filter({ hasText: label });

async function openDrafts(page: Page) {
  await page.goto('/packages');
  await page.getByRole('navigation', { name: 'Package views' }).getByRole('link', { name: 'Drafts' }).click();
  await expect(page).toHaveURL(/\/packages\/drafts$/);
  await expect(page.getByRole('heading', { name: 'Package drafts' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Package drafts' }).or(page.getByText('No drafts', { exact: true })),
  ).toBeVisible();
}

/** A draft made through the console's API, as another tab would. */
async function draftViaApi(page: Page, label: string) {
  const reply = await page.request.post('/api/package-drafts', {
    headers: { origin: origin(page) },
    data: {
      template_id: 'dst_nda',
      template_name: 'Mutual non-disclosure agreement',
      values: { sender_values: { counterparty_name: label }, signers: [], expires_in_days: '' },
    },
  });
  expect(reply.status(), await reply.text()).toBe(200);
  return ((await reply.json()) as { id: string }).id;
}

test.describe('package drafts', () => {
  test('a saved draft is listed and comes back after a reload with every value; saving again keeps one draft', async ({
    page,
  }) => {
    await signIn(page, 'sender', { at: '/packages/new' });
    const v = nda(`Draftco ${run}`);
    await fillNda(page, v);
    await expect(status(page)).toHaveText('');

    const creates: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/package-drafts')
        creates.push(r.headers()['idempotency-key'] ?? 'none');
    });
    // A double click is one Save: one key, one draft.
    const id = await saveDraft(page, (b) => b.dblclick());
    expect(creates.length).toBeGreaterThanOrEqual(1);
    expect(new Set(creates).size).toBe(1);
    expect(creates[0]).toMatch(/^draft-/);
    await expectAccessible(page);
    await snap(page, 'package-drafts-send-form');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'package-drafts-send-form-phone');
    await page.setViewportSize({ width: 1360, height: 900 });

    // Saving again goes over the same draft.
    const changed = { ...v, effective: '2026-02-01' };
    await group(page, 'Values in the document').getByLabel('Effective date').fill(changed.effective);
    await expect(status(page)).toHaveText(/^Unsaved changes · draft saved \d\d:\d\d UTC$/);
    expect(await saveDraft(page)).toBe(id);
    expect(new Set(creates).size).toBe(1);

    await page.reload();
    await expectNda(page, changed, '30');
    await expect(status(page)).toHaveText(SAVED);

    await openDrafts(page);
    const row = draftRows(page, v.counterparty);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Mutual non-disclosure agreement');
    await expect(row).toContainText(/\d{4}, \d\d:\d\d UTC/);
    await expectAccessible(page);
    await snap(page, 'package-drafts-list');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'package-drafts-list-phone');
    await page.setViewportSize({ width: 1360, height: 900 });

    await row.getByRole('link', { name: 'Resume' }).click();
    await expect(page).toHaveURL(new RegExp(`/packages/new\\?draft=${id}$`));
    await expectNda(page, changed, '30');
  });

  test('Delete asks first; a draft already gone elsewhere leaves the list without an error', async ({ page }) => {
    await signIn(page, 'sender', { at: '/packages' });
    const doomed = `Doomed ${run}`;
    const stale = `Stale ${run}`;
    await draftViaApi(page, doomed);
    const staleId = await draftViaApi(page, stale);
    await openDrafts(page);

    await draftRows(page, doomed).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this draft?' });
    await expect(dialog).toContainText(doomed);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page);
    await snap(page, 'package-drafts-delete-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(draftRows(page, doomed)).toHaveCount(1);
    await draftRows(page, doomed).getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete draft' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(draftRows(page, doomed)).toHaveCount(0);

    // Deleted in another tab while this list still shows it.
    const gone = await page.request.delete(`/api/package-drafts/${staleId}`, { headers: { origin: origin(page) } });
    expect(gone.status()).toBe(200);
    await draftRows(page, stale).getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete draft' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(draftRows(page, stale)).toHaveCount(0);

    // Resuming one that is gone says so and starts afresh.
    await page.goto(`/packages/new?draft=${staleId}`);
    await expect(page.getByRole('alert').filter({ hasText: 'That draft no longer exists' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Mutual non-disclosure agreement/ })).not.toBeChecked();
  });

  test('sending from a draft makes exactly one package and deletes the draft', async ({ page }) => {
    await signIn(page, 'sender', { at: '/packages/new' });
    const v = nda(`Sentdraft ${run}`);
    await fillNda(page, v);
    await saveDraft(page);

    await page.getByRole('button', { name: 'Preview' }).click();
    await reviewEveryPage(page);
    await page.getByLabel(/I have reviewed the populated document/).check();
    await page.getByRole('button', { name: 'Send for signature' }).click();
    await expect(page).toHaveURL(/\/packages\/(?!new\b|drafts\b)[^/?#]+(\?sent=1)?$/, { timeout: 20_000 });

    await openDrafts(page);
    await expect(draftRows(page, v.counterparty)).toHaveCount(0);
    await page.goto(`/packages?q=${encodeURIComponent(v.counterparty)}`);
    await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  });

  test('"Use as a new package" starts the form from the template, values, recipients and expiry, and saves nothing until asked', async ({ page }) => {
    await signIn(page, 'sender', { at: '/packages/new' });
    const v = nda(`Reuse ${run}`);
    await fillNda(page, v);
    await page.getByRole('button', { name: 'Preview' }).click();
    await reviewEveryPage(page);
    await page.getByLabel(/I have reviewed the populated document/).check();
    await page.getByRole('button', { name: 'Send for signature' }).click();
    // Settled: the page drops its ?sent=1 once it has said so (a client navigation, which puts
    // the title back a moment later), before the checks below read it.
    await expect(page).toHaveURL(/\/packages\/(?!new\b|drafts\b)[^/?#]+$/, { timeout: 20_000 });
    const packageUrl = page.url();
    const packageId = new URL(packageUrl).pathname.split('/').pop()!;

    const reuse = page.getByRole('link', { name: 'Use as a new package' });
    await expect(reuse).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'package-drafts-detail');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'package-drafts-detail-phone');
    await page.setViewportSize({ width: 1360, height: 900 });

    // Looking makes nothing: the form is filled in, expiry too, and no draft exists yet.
    const creates: { source_package_id?: string }[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/package-drafts') creates.push(r.postDataJSON() as { source_package_id?: string });
    });
    await reuse.click();
    await expect(page).toHaveURL(new RegExp(`/packages/new\\?from=${packageId}$`));
    await expect(page.getByRole('status').filter({ hasText: `Started from package ${packageId}` })).toBeVisible();
    await expectNda(page, v, '30');
    expect(creates).toEqual([]);
    // Unsaved input: leaving asks first.
    await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Packages' }).click();
    await page.getByRole('alertdialog', { name: 'Leave this page?' }).getByRole('button', { name: 'Stay' }).click();
    // The first save makes the one draft.
    expect(await saveDraft(page)).toMatch(/^pdr_/);
    expect(creates).toHaveLength(1);
    // The draft names the package it started from (its audit entry carries it).
    expect(creates[0]!.source_package_id).toBe(packageId);
    await expect(page).toHaveURL(DRAFT_URL);
    await expect(status(page)).toHaveText(SAVED);
    await openDrafts(page);
    await expect(draftRows(page, v.counterparty)).toHaveCount(1);

    // A viewer may read the package but not start one from it.
    await page.context().clearCookies();
    await signIn(page, 'viewer', { at: packageUrl });
    await expect(page.getByRole('table', { name: 'Signers of this package' })).toContainText(v.counterparty);
    await expect(page.getByRole('link', { name: 'Use as a new package' })).toHaveCount(0);
  });

  test('a save over a version another tab has replaced names what differs and lets the sender choose', async ({ page }) => {
    await signIn(page, 'sender', { at: '/packages/new' });
    const v = nda(`Twotabs ${run}`);
    await fillNda(page, v);
    const id = await saveDraft(page);
    const elsewhere = `Elsewhere ${run}`;
    /** Another tab saves the draft: the counterparty's name changes there. */
    const saveElsewhere = async (version: number) => {
      const reply = await page.request.put(`/api/package-drafts/${id}`, {
        headers: { origin: origin(page) },
        data: {
          version,
          template_id: 'dst_nda',
          template_name: 'Mutual non-disclosure agreement',
          values: {
            sender_values: { counterparty_name: elsewhere, effective_date: v.effective, governing_law: '' },
            signers: [
              { slot_id: 'company_signer', name: v.company[0], email: v.company[1], phone: v.company[2] },
              { slot_id: 'counterparty_signer', name: v.counter[0], email: v.counter[1], phone: v.counter[2] },
            ],
            expires_in_days: '30',
          },
        },
      });
      expect(reply.status(), await reply.text()).toBe(200);
    };
    await saveElsewhere(1);

    const effective = group(page, 'Values in the document').getByLabel('Effective date');
    await effective.fill('2026-04-01');
    await page.getByRole('button', { name: 'Save draft' }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'This draft was saved elsewhere' });
    await expect(conflict).toContainText('Different there: Counterparty name, Effective date.');
    await expect(status(page)).toHaveText(/^Unsaved changes/);
    await expectAccessible(page);
    await snap(page, 'package-drafts-conflict');

    // Taking the other tab's draft replaces the form with it.
    await conflict.getByRole('button', { name: 'Load the saved draft' }).click();
    await expect(group(page, 'Values in the document').getByLabel('Counterparty name')).toHaveValue(elsewhere);
    await expect(effective).toHaveValue(v.effective);
    await expect(status(page)).toHaveText(SAVED);
    await expect(conflict).toHaveCount(0);

    // Knowingly saving over it keeps this form's values.
    await saveElsewhere(2);
    await effective.fill('2026-05-01');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await conflict.getByRole('button', { name: 'Save mine over it' }).click();
    await expect(status(page)).toHaveText(SAVED);
    await expect(conflict).toHaveCount(0);
    const saved = (await (await page.request.get(`/api/package-drafts/${id}`)).json()) as {
      version: number;
      values: { sender_values: Record<string, string> };
    };
    expect(saved.version).toBe(4);
    expect(saved.values.sender_values.effective_date).toBe('2026-05-01');
  });

  test('after Review → Edit details, leaving with unsaved values asks first; once saved it does not', async ({ page }) => {
    await signIn(page, 'sender');
    const nav = page.getByRole('navigation', { name: 'Areas' });
    await page.goto('/packages/new');
    await fillNda(page, nda(`Guarded ${run}`));
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('list', { name: 'Send progress' }).locator('[aria-current="step"]')).toHaveText(/Review/);
    await page.getByRole('button', { name: 'Edit details' }).click();
    await expect(group(page, 'Values in the document').getByLabel('Counterparty name')).toHaveValue(`Guarded ${run}`);

    await nav.getByRole('link', { name: 'Catalog' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave this page?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/packages\/new/);

    await saveDraft(page);
    await nav.getByRole('link', { name: 'Catalog' }).click();
    await expect(page).toHaveURL(/\/catalog(\/categories)?$/);
    await expect(dialog).toHaveCount(0);
  });
});
