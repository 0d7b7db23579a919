import type { Page } from '@playwright/test';
import { control, expect, expectAccessible, expectPhoneFits, reviewEveryPage, sendNdaViaApi, signIn, snap, test } from './fixtures.ts';

// The package detail while a package is active: it follows the recipients' side by itself
// (with backoff, paused while the tab is hidden, stopped once finished), shows the "queued,
// not delivered" notice once after a send, and the send form asks before unsaved input is lost.

const run = Date.now().toString(36);

/** Counts the detail's reads of one package from now on. */
function countReads(page: Page, id: string) {
  const reads = { n: 0 };
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname === `/api/packages/${id}`) reads.n += 1;
  });
  return reads;
}

/** What a hidden or shown tab looks like to the page (headless tabs never hide by themselves). */
async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

const signerStatuses = (page: Page) =>
  page.getByRole('table', { name: 'Signers of this package' }).locator('tbody tr td:nth-child(1)');
const freshness = (page: Page) => page.getByTestId('package-freshness');

test.describe('live package detail', () => {
  test('a detail left open follows delivery and completion by itself, then stops asking', async ({ page }) => {
    await signIn(page, 'sender');
    const id = await sendNdaViaApi(page, `Live ${run}`, run);
    await page.goto(`/packages/${id}`);
    await expect(page.getByRole('heading', { name: 'Mutual non-disclosure agreement' })).toBeVisible();
    await expect(freshness(page)).toHaveText(/Updated \d+ s ago|Checking for changes…/);
    // A marker that a reload would wipe: every change below must arrive without one.
    await page.evaluate(() => Object.assign(window, { __stillHere: true }));

    // The sandbox delivers a minute after sending by itself; deliver now unless it already has.
    const current = (await (await page.request.get(`/api/packages/${id}`)).json()) as { status: string };
    if (current.status === 'queued') await control(`/signature-packages/${id}/actions`, { action: 'deliver' });
    await expect(
      page.getByText('The invitations were delivered; the package completes once every signer has signed.'),
    ).toBeVisible({ timeout: 20_000 });
    await expect(signerStatuses(page)).toHaveText(['Invited', 'Invited']);
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Invitations delivered to the signers');

    await control(`/signature-packages/${id}/actions`, { action: 'complete' });
    await expect(page.getByText('Every signer has signed.')).toBeVisible({ timeout: 25_000 });
    await expect(signerStatuses(page)).toHaveText(['Signed', 'Signed']);
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Completed: everyone has signed');
    await expect(freshness(page)).toHaveText('This package is finished; it no longer changes.');
    expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);

    // Finished: no more reads, however long the page stays open.
    const reads = countReads(page, id);
    await page.waitForTimeout(7_000);
    expect(reads.n).toBe(0);
    await expectAccessible(page);
    await snap(page, 'live-packages-completed');
  });

  test('the sent notice goes once the package moves on, and a decline is never shown as a signature', async ({ page }) => {
    await signIn(page, 'sender');
    const id = await sendNdaViaApi(page, `Declined ${run}`, run);
    await page.goto(`/packages/${id}?sent=1`);
    const notice = page.getByRole('status').filter({ hasText: 'Package sent.' });
    const current = (await (await page.request.get(`/api/packages/${id}`)).json()) as { status: string };
    if (current.status === 'queued') {
      await expect(notice).toBeVisible();
      await control(`/signature-packages/${id}/actions`, { action: 'deliver' });
    }
    await control(`/signature-packages/${id}/actions`, { action: 'decline' });
    await expect(page.getByText('A signer declined, which closes the package.')).toBeVisible({ timeout: 25_000 });
    // "Nobody has signed" no longer describes it: the status does.
    await expect(notice).toHaveCount(0);
    const signers = page.getByRole('table', { name: 'Signers of this package' });
    // The column holds a decline's time too, so its header names both (issue 35).
    await expect(signers.getByRole('columnheader').nth(5)).toHaveText('Signed or declined');
    await expect(signers.getByRole('columnheader', { name: 'Signed', exact: true })).toHaveCount(0);
    const signed = signers.locator('tbody tr td:nth-child(6)');
    await expect(signed.filter({ hasText: /^Declined / })).toHaveCount(1);
    await expect(signed.filter({ hasText: /^\d/ })).toHaveCount(0);
    await snap(page, 'live-packages-declined');
    await expectPhoneFits(page, 'live-packages-declined-phone');
    // A sender may not archive it, and is told who may.
    await expect(page.getByRole('button', { name: 'Archive package' })).toHaveCount(0);
    await expect(page.getByText('Finished packages are archived by an admin: ask one to archive this one.')).toBeVisible();
  });

  test('polling pauses while the tab is hidden and resumes when it shows again', async ({ page }) => {
    await signIn(page, 'sender');
    const id = await sendNdaViaApi(page, `Hidden ${run}`, run);
    const reads = countReads(page, id);
    await page.goto(`/packages/${id}`);
    await expect(page.getByRole('heading', { name: 'Mutual non-disclosure agreement' })).toBeVisible();
    // Active and visible: it asks again within the first interval.
    const seen = reads.n;
    await expect.poll(() => reads.n, { timeout: 12_000 }).toBeGreaterThan(seen);

    await setHidden(page, true);
    await page.waitForTimeout(500); // a read already on its way may still land
    const whileHidden = reads.n;
    await page.waitForTimeout(12_000);
    expect(reads.n).toBe(whileHidden);

    await setHidden(page, false);
    await expect.poll(() => reads.n, { timeout: 25_000 }).toBeGreaterThan(whileHidden);
    await expect(freshness(page)).toHaveText(/Updated \d+ s ago|Checking for changes…/);
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone: each signer's status is on screen, and the columns beyond it are announced.
    const signers = page.getByRole('region', { name: 'Signers table, scrolls sideways' });
    await signers.scrollIntoViewIfNeeded();
    await expect(signers.locator('tbody tr td:nth-child(1)').first()).toBeInViewport({ ratio: 1 });
    await expect(signers.locator('tbody tr td:nth-child(1)').first()).toContainText(/\w/);
    await expect(page.getByTestId('scroll-cue')).toHaveText('More columns to the right: scroll sideways →');
    await signers.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(page.getByTestId('scroll-cue')).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'live-packages-detail-390');
  });

  test('the queued notice shows right after a send and not after a reload', async ({ page }) => {
    await signIn(page, 'sender', { at: '/packages/new' });
    await page.getByRole('radio', { name: /Mutual non-disclosure agreement/ }).check();
    const values = page.getByRole('group', { name: 'Values in the document' });
    await values.getByLabel('Counterparty name').fill(`Notice ${run}`);
    await values.getByLabel('Effective date').fill('2026-01-15');
    for (const [slot, name, email, phone] of [
      ['Company signatory', 'Grace Hopper', 'grace@example.com', '+4915112345678'],
      // Written as people write it: sent in E.164, and the form says so before anything is sent.
      ['Counterparty signatory', 'Alan Turing', 'alan@example.com', '+44 20 7123-4567'],
    ] as const) {
      const g = page.getByRole('group', { name: `Signer: ${slot}` });
      await g.getByLabel('Name').fill(name);
      await g.getByLabel('E-mail').fill(email);
      await g.getByLabel('Phone').fill(phone);
    }
    await expect(page.getByRole('group', { name: 'Signer: Counterparty signatory' })).toContainText(
      'Will be sent as +442071234567',
    );
    // No expiry is filled in for the sender: choosing one is part of the form.
    await page.getByRole('group', { name: 'Expiry' }).getByRole('button', { name: '30 days' }).click();
    // Preview is the flow's own step: the leave guard must not hold it up.
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('dialog', { name: 'Leave this page?' })).toHaveCount(0);
    await reviewEveryPage(page);
    await page.getByLabel(/I have reviewed the populated document/).check();
    await page.getByRole('button', { name: 'Send for signature' }).click();

    const notice = page.getByRole('status').filter({ hasText: 'Package sent.' });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(notice).toContainText('Delivery is queued');
    await expect(notice).toContainText('not yet delivery, and not a signature');
    await expect(notice).not.toContainText(/was delivered|e-mail was sent/i);
    // The marker leaves the address at once, the notice stays for this visit.
    await expect(page).toHaveURL(/\/packages\/(?!new\b|drafts\b)[^/?#]+$/);
    await expect(notice).toBeVisible();
    await expect(page.getByRole('table', { name: 'Signers of this package' })).toContainText('+442071234567');
    await expectAccessible(page);
    await snap(page, 'live-packages-sent-notice');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Mutual non-disclosure agreement' })).toBeVisible();
    await expect(page.getByText('Package sent.')).toHaveCount(0);
  });

  test('leaving a dirty send form asks first; a clean one leaves at once', async ({ page }) => {
    await signIn(page, 'sender');
    const nav = page.getByRole('navigation', { name: 'Areas' });

    await page.goto('/packages/new');
    await page.getByRole('radio', { name: /Mutual non-disclosure agreement/ }).check();
    await expect(page.getByRole('group', { name: 'Values in the document' })).toBeVisible();
    await nav.getByRole('link', { name: 'Catalog' }).click();
    // The Catalog link leads to /catalog, which redirects to its first section.
    await expect(page).toHaveURL(/\/catalog(\/categories)?$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto('/packages/new');
    await page.getByRole('radio', { name: /Mutual non-disclosure agreement/ }).check();
    const counterparty = page.getByRole('group', { name: 'Values in the document' }).getByLabel('Counterparty name');
    await counterparty.fill(`Unsaved ${run}`);
    await nav.getByRole('link', { name: 'Catalog' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave this page?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Your unsaved package details will be lost unless you choose “Save draft and leave”.');
    await expect(dialog.getByRole('button', { name: 'Stay' })).toBeFocused();
    await expectAccessible(page);
    await snap(page, 'live-packages-leave-dialog');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/packages\/new/);
    await expect(counterparty).toHaveValue(`Unsaved ${run}`);

    // Save draft and leave: the draft is saved, then the page goes.
    await nav.getByRole('link', { name: 'Catalog' }).click();
    await dialog.getByRole('button', { name: 'Save draft and leave' }).click();
    await expect(page).toHaveURL(/\/catalog(\/categories)?$/);
    await page.goto('/packages/drafts');
    await expect(page.getByRole('table', { name: 'Package drafts' })).toContainText(`Unsaved ${run}`);

    // Leave: what was typed goes.
    await page.goto('/packages/new');
    await page.getByRole('radio', { name: /Mutual non-disclosure agreement/ }).check();
    await counterparty.fill(`Dropped ${run}`);
    await nav.getByRole('link', { name: 'Catalog' }).click();
    await dialog.getByRole('button', { name: 'Leave', exact: true }).click();
    await expect(page).toHaveURL(/\/catalog(\/categories)?$/);
  });
});
