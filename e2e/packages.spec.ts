import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import {
  control,
  DIALECT,
  expect,
  expectAccessible,
  expectPhoneFits,
  fillNda,
  group,
  reviewAllPages,
  post,
  reviewEveryPage,
  sendNdaViaApi,
  signIn,
  snap,
  test,
} from './fixtures.ts';

// Signature packages: the list and detail with their URL state, the send flow (Details →
// Review → Sent) with its refusals, an expired receipt, and archiving. Tests in this file run
// in order in one worker; the approvals file may run beside it against the same sandbox.

const run = Date.now().toString(36);

/** The list total as the page shows it ("Showing 1–25 of N"); 0 when the empty state shows. */
async function listTotal(page: Page) {
  await page.goto('/packages');
  const summary = page.getByText(/^Showing \d+–\d+ of \d+$/).or(page.getByText('No packages yet'));
  await expect(summary).toBeVisible();
  const text = (await summary.textContent()) ?? '';
  return Number(/of (\d+)$/.exec(text)?.[1] ?? 0);
}

/** Clicks Preview and waits for the review with the populated PDF on screen. */
async function previewAndReview(page: Page) {
  const pdf = page.waitForResponse((r) => r.url().endsWith('/api/packages/preview/document') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Preview' }).click();
  const answer = await pdf;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/pdf');
  await expect(page.getByRole('list', { name: 'Send progress' }).locator('[aria-current="step"]')).toHaveText(/Review/);
  await expect(page.getByRole('region', { name: /Populated preview of Mutual non-disclosure agreement, pages/ })).toBeVisible();
  // The confirmation opens only once every page and every summary section has been on screen.
  await reviewEveryPage(page);
}

const fieldError = (field: Locator) => field.locator('xpath=..').getByRole('alert');

test.describe('signature packages', () => {
  test('list and detail keep search, status, archived view and page size in the URL', async ({ page }) => {
    await signIn(page, 'sender');
    const counterparty = `Initech ${run}`;
    const id = await sendNdaViaApi(page, counterparty, run);
    await sendNdaViaApi(page, `Globex ${run}`, run);

    await page.goto('/packages');
    await expect(page.getByRole('heading', { name: 'Signature packages' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Send a package' })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Search packages').fill(counterparty);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(counterparty).replace(/%20/g, '(\\+|%20)')}`));
    const table = page.getByRole('table', { name: 'Signature packages' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();

    await page.getByLabel('Status').selectOption('queued');
    await expect(page).toHaveURL(/status=queued/);
    await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
    await page.getByLabel('Status').selectOption('completed');
    await expect(page.getByText('Nothing matches these filters')).toBeVisible();
    await page.getByLabel('Status').selectOption('');

    await page.getByLabel('Archived only').check();
    await expect(page).toHaveURL(/archived=only/);
    await expect(page.getByText('Nothing matches these filters')).toBeVisible();
    await page.getByLabel('Archived only').uncheck();
    await expect(page).not.toHaveURL(/archived=/);

    await page.getByLabel('Per page').selectOption('50');
    await expect(page).toHaveURL(/size=50/);
    // A reload (or a shared link) reproduces the view.
    await page.reload();
    await expect(page.getByLabel('Search packages')).toHaveValue(counterparty);
    await expect(page.getByLabel('Per page')).toHaveValue('50');
    await snap(page, 'packages-list');
    // On a phone the recipients keep room for a name and an e-mail on a line or two each.
    await page.setViewportSize({ width: 390, height: 900 });
    const recipients = table.getByRole('row').nth(1).getByRole('listitem').first();
    await expect(recipients).toBeVisible();
    await snap(page, 'packages-list-390');
    await expect.poll(async () => (await recipients.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(180);
    await page.setViewportSize({ width: 1360, height: 900 });
    await expectPhoneFits(page, 'packages-list-phone');

    await table.getByRole('link', { name: 'Mutual non-disclosure agreement' }).click();
    await expect(page).toHaveURL(new RegExp(`/packages/${id}$`));
    await expect(page.getByRole('heading', { name: 'Mutual non-disclosure agreement' })).toBeVisible();
    const signers = page.getByRole('table', { name: 'Signers of this package' });
    await expect(signers.getByRole('row')).toHaveCount(3);
    await expect(signers).toContainText(counterparty);
    await expect(signers).toContainText('Company signatory');
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Sent: delivery queued');
    await expect(page.getByRole('region', { name: 'Values in the document' })).toContainText('Counterparty name');
    await expectAccessible(page);
    await snap(page, 'packages-detail');
  });

  test('a sender previews, reviews the populated PDF and sends exactly once', { tag: '@dialect' }, async ({ page }) => {
    await signIn(page, 'sender');
    const before = await listTotal(page);

    await page.getByRole('link', { name: 'Send a package' }).first().click();
    await expect(page).toHaveURL(/\/packages\/new/);
    await expect(page.getByRole('list', { name: 'Send progress' }).locator('[aria-current="step"]')).toHaveText(/Details/);
    // Templates the API may not use stay visible, with the reason, and cannot be chosen.
    await expect(page.getByRole('radio', { name: /Board resolution/ })).toBeDisabled();
    await expect(page.getByText('Not enabled for API use', { exact: false })).toBeVisible();

    const counterparty = `Acme Corp ${run}`;
    await fillNda(page, counterparty);
    // The sender's own reference: kept by the console, never sent to the API.
    const reference = `PO-${run} renewal`;
    await group(page, 'Your reference').getByLabel('Reference').fill(reference);
    await expectAccessible(page);

    // The browser's own check: a phone number not in international format never leaves the page.
    const phone = group(page, 'Signer: Counterparty signatory').getByLabel('Phone');
    await phone.fill('020 7123 4567');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(fieldError(phone)).toHaveText(/international format/);
    await phone.fill('+442071234567');

    // The API's check: the request is altered on the way (an impossible date) so the sandbox
    // refuses it; its 422 detail `sender_values.effective_date` lands on that field.
    await page.route(
      '**/api/packages/preview',
      async (route) => {
        const body = route.request().postDataJSON() as { sender_values: Record<string, string> };
        body.sender_values.effective_date = '2026-02-30';
        await route.continue({ postData: JSON.stringify(body) });
      },
      { times: 1 },
    );
    await page.getByRole('button', { name: 'Preview' }).click();
    const effective = group(page, 'Values in the document').getByLabel('Effective date');
    await expect(effective).toHaveAttribute('aria-invalid', 'true');
    await expect(fieldError(effective)).toHaveText('Must be a date as YYYY-MM-DD');
    await expect(group(page, 'Values in the document').getByLabel('Counterparty name')).toHaveValue(counterparty);
    await snap(page, 'packages-send-api-field-error');

    await previewAndReview(page);
    const summary = page.getByRole('complementary', { name: 'Review before sending' });
    await expect(summary).toContainText(counterparty);
    await expect(summary).toContainText('(left empty)'); // governing law, optional
    await expect(summary).toContainText('alan@example.com');
    await expect(summary).toContainText('+442071234567');
    await expect(summary).toContainText('21 days after sending');
    await expect(summary).toContainText(`Your reference (not sent to signers): ${reference}`);
    await expect(page.getByTestId('receipt-remaining')).toHaveText(/^(10 min 00 s|9 min \d\d s)$/);
    const send = page.getByRole('button', { name: 'Send for signature' });
    await expect(send).toBeDisabled();
    await page.getByLabel(/I have reviewed the populated document/).check();
    await expect(send).toBeEnabled();
    await expectAccessible(page);
    await snap(page, 'packages-send-review');

    const keys: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/packages')
        keys.push(r.headers()['idempotency-key'] ?? 'none');
    });
    await send.dblclick();
    await expect(page).toHaveURL(/\/packages\/(?!new\b|drafts\b)[^/?#]+(\?sent=1)?$/);
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^pkg-send-/);

    await expect(page.getByText(/Package sent to 2 signers\. Delivery is queued\./)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Package sent.' })).toContainText(
      'not yet delivery, and not a signature',
    );
    await expect(page.getByRole('heading', { name: 'Mutual non-disclosure agreement' })).toBeVisible();
    await expect(
      page.getByText('Delivery is queued: the invitations have not been delivered yet, and nobody has signed.'),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Signers of this package' })).toContainText('Alan Turing');
    await expect(page.getByText(reference)).toBeVisible();
    await expect(page.getByText(/^By Demo sender, /)).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'packages-sent-detail');

    // The sending record: the sender's side of the evidence, printable and kept as JSON.
    const packageId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByRole('link', { name: 'Sending record' }).click();
    await expect(page.getByRole('heading', { name: 'Sending record', level: 1 })).toBeVisible();
    // The template's version, and each value under its field's label (not its key).
    await expect(page.getByText('Template version')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Values' })).toContainText('Counterparty name');
    await expect(page.getByRole('table', { name: 'Values' })).not.toContainText('counterparty_name');
    await expect(page.getByText(/^Every page \(\d+\) and every summary section were seen before Send\.$/)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Summary sections seen' }).locator('tbody tr')).toHaveCount(4);
    await expect(page.getByRole('table', { name: 'Recipients' })).toContainText('+442071234567');
    await expect(page.getByRole('table', { name: 'Values' })).toContainText(counterparty);
    await expect(page.getByText('Demo sender <sender@signdesk.local>').first()).toBeVisible();
    await expect(page.getByText(keys[0]!)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'packages-sending-record');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`sending-record-${packageId}.json`);
    const kept = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      package_id: string;
      idempotency_key: string;
      review: { pages: { page: number }[]; sections: unknown[]; page_count: number; confirmed_at: string };
      populated_pdf: { page_count: number | null };
    };
    expect(kept.package_id).toBe(packageId);
    expect(kept.idempotency_key).toBe(keys[0]);
    expect(kept.review.sections).toHaveLength(4);
    // Every page, as the API counted them or, where its answer does not say, as the browser did.
    expect(kept.review.pages).toHaveLength(kept.populated_pdf.page_count ?? kept.review.page_count);
    // Printed, the page is the record alone: no header or navigation.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expectPhoneFits(page, 'packages-sending-record-390');

    expect(await listTotal(page)).toBe(before + 1);
    // The API's search looks at template and signer names; the console's record finds the rest.
    await page.getByLabel('Search packages').fill(reference);
    await expect(page).toHaveURL(/[?&]q=PO-/);
    await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
    const row = page.getByRole('table', { name: 'Signature packages' }).getByRole('row').filter({ hasText: reference });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('alan@example.com');
    await expect(row).toContainText('Found in what this console sent');
  });

  test('an expired receipt leads back to the form with every value kept', { tag: '@dialect' }, async ({ page }) => {
    await signIn(page, 'sender');
    const before = await listTotal(page);
    await page.goto('/packages/new?template=dst_nda');
    await expect(page.getByText('Chosen: Mutual non-disclosure agreement')).toBeVisible();
    const counterparty = `Umbrella ${run}`;
    await fillNda(page, counterparty, { choose: false });
    await previewAndReview(page);
    await page.getByLabel(/I have reviewed the populated document/).check();

    // Ten minutes pass on the API's clock: the receipt is dead although this page still counts down.
    await control('/clock', { advance_seconds: 600 });
    await page.getByRole('button', { name: 'Send for signature' }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'The preview expired before it was sent' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Send progress' }).locator('[aria-current="step"]')).toHaveText(/Details/);
    const values = group(page, 'Values in the document');
    await expect(values.getByLabel('Counterparty name')).toHaveValue(counterparty);
    await expect(values.getByLabel('Effective date')).toHaveValue('2026-01-15');
    await expect(group(page, 'Signer: Counterparty signatory').getByLabel('E-mail')).toHaveValue('alan@example.com');
    await expect(group(page, 'Expiry').getByLabel('Days to sign')).toHaveValue('21');
    await expectAccessible(page);
    await snap(page, 'packages-send-expired');

    // A fresh preview of the same values yields the same PDF, so its pages stay reviewed; nothing was sent meanwhile.
    // Only a digest the API names proves it is the same PDF: the alternate dialect's has another name, so the review starts over.
    await previewAndReview(page);
    const carried = page.getByText(/identical to the one you were reviewing/);
    if (DIALECT === 'standard') await expect(carried).toBeVisible();
    else await expect(carried).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Review before sending' })).toContainText(counterparty);
    expect(await listTotal(page)).toBe(before);
  });

  test('archiving is refused while the package is active and allowed once it completes', async ({ page }) => {
    // Archiving is an admin's (DESIGN.md section 5); an admin may send as well.
    await signIn(page, 'admin');
    const id = await sendNdaViaApi(page, `Hooli ${run}`, run);
    await page.goto(`/packages/${id}`);
    await expect(
      page.getByText(
        /^Only finished packages \(completed, declined or expired\) can be archived\. This one is (queued|delivered)\.$/,
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Archive package' })).toHaveCount(0);

    // The API refuses as well, with the named code.
    const refused = await post(
      page.request,
      page,
      `/api/packages/${id}/archive`,
      { reason: 'Cleaning up' },
      `e2e-${run}-refused`,
    );
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('PACKAGE_NOT_CLOSED');

    // A stale page that believes the package finished: the API's refusal is shown, then the truth.
    await page.route(`**/api/packages/${id}`, async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...((await res.json()) as object), status: 'completed' } });
    });
    await page.reload();
    await page.getByRole('button', { name: 'Archive package' }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive this package?' });
    await dialog.getByLabel('Reason').fill('Signed on paper instead');
    await page.unroute(`**/api/packages/${id}`);
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await expect(dialog.getByRole('alert')).toContainText('only completed, declined or expired packages can be archived');
    await expect(dialog.getByLabel('Reason')).toHaveValue('Signed on paper instead');
    await snap(page, 'packages-archive-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(/This one is (queued|delivered)\./)).toBeVisible();

    // The sandbox delivers a minute after sending by itself; deliver now unless it already has.
    const current = (await (await page.request.get(`/api/packages/${id}`)).json()) as { status: string };
    if (current.status === 'queued') await control(`/signature-packages/${id}/actions`, { action: 'deliver' });
    await control(`/signature-packages/${id}/actions`, { action: 'complete' });
    await page.reload();
    await expect(page.getByText('Every signer has signed.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Completed: everyone has signed');
    // The console cannot fetch the signed PDF (the API serves it to people only): it says where it is.
    const signed = page.getByRole('region', { name: 'Where the signed document is' });
    await expect(signed).toContainText('each signer opens it from their signing invitation');
    await expect(signed).toContainText('members of the workspace open it in the signing service');
    await expectPhoneFits(page, 'packages-completed-phone');
    await page.getByRole('button', { name: 'Archive package' }).click();
    await dialog.getByLabel('Reason').fill('Filed with the signed contracts');
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Package archived. Its events and document are kept.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Reason: Filed with the signed contracts');
    await expect(page.getByRole('button', { name: 'Archive package' })).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'packages-archived');

    await page.goto(`/packages?archived=only&q=${encodeURIComponent(`Hooli ${run}`)}`);
    await expect(page.getByRole('table', { name: 'Archived signature packages' }).getByRole('link')).toHaveCount(1);

    // Had that been the last active package, the empty list points at the archived view. (Other
    // journeys' packages stay active, so the active list is answered empty here.)
    await page.route(/\/api\/packages\?/, (route) =>
      new URL(route.request().url()).searchParams.get('archived') === 'only'
        ? route.continue()
        : route.fulfill({ json: { data: [], pagination: { page: 1, size: 25, total: 0, pages: 0 } } }),
    );
    await page.goto('/packages');
    await expect(page.getByText('No active packages')).toBeVisible();
    await expect(page.getByText('Archived packages are in the Archived view.')).toBeVisible();
    await snap(page, 'packages-none-active');
    await page.getByRole('link', { name: 'Show archived packages' }).click();
    await expect(page).toHaveURL(/archived=only/);
    await expect(page.getByLabel('Archived only')).toBeChecked();
    await expect(page.getByRole('table', { name: 'Archived signature packages' }).getByRole('link').first()).toBeVisible();
    await page.unroute(/\/api\/packages\?/);
  });

  test('a viewer reads packages without any action', async ({ page, browser }) => {
    const sender = await browser.newPage();
    await signIn(sender, 'sender');
    const id = await sendNdaViaApi(sender, `Vandelay ${run}`, run);
    await sender.close();

    await signIn(page, 'viewer', { at: '/packages' });
    await expect(page.getByRole('heading', { name: 'Signature packages' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Send a package' })).toHaveCount(0);
    await page.goto(`/packages/${id}`);
    await expect(page.getByRole('table', { name: 'Signers of this package' })).toContainText(`Vandelay ${run}`);
    // Only the shell's own buttons (the bell, Sign out): the page offers a viewer no action.
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
    await expect(page.getByText('can be archived')).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'packages-viewer-detail');

    await page.goto('/packages/new');
    await expect(page.getByRole('heading', { name: 'Sending packages is not available to your role' })).toBeVisible();
  });
});

test.describe('a send whose answer is lost', () => {
  test.afterEach(async () => {
    await control('/faults', { rules: [] });
  });

  const confirmingPanel = (page: Page) =>
    page.getByRole('status').filter({ hasText: /Confirming (whether the package was sent|the send you started)/ });

  async function reviewedNda(page: Page, counterparty: string) {
    await page.goto('/packages/new');
    await fillNda(page, counterparty);
    await previewAndReview(page);
    await page.getByLabel(/I have reviewed the populated document/).check();
  }

  test(
    'is confirmed by the same request under the same key: one package, and never "nothing was sent"',
    { tag: '@dialect' },
    async ({ page }) => {
      await signIn(page, 'sender');
      const before = await listTotal(page);
      await reviewedNda(page, `Lost answer ${run}`);
      // Two console calls' worth of failures (each retries 4 times): the browser sees no answer twice.
      await control('/faults', {
        rules: [
          { method: 'POST', path: '/api/v1/signature-packages', status: 503, code: 'MAINTENANCE', retry_after: 0, times: 8 },
        ],
      });
      await page.getByRole('button', { name: 'Send for signature' }).click();
      await expect(confirmingPanel(page)).toBeVisible();
      await expect(confirmingPanel(page)).toContainText('cannot queue a second package');
      await expect(page.getByText(/Nothing was sent/)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Edit details' })).toBeDisabled();
      await expectAccessible(page);
      await snap(page, 'packages-send-confirming');
      await expect(page).toHaveURL(/\/packages\/(?!new\b|drafts\b)[^/?#]+(\?sent=1)?$/, { timeout: 30_000 });
      expect(await listTotal(page)).toBe(before + 1);
    },
  );

  test('survives a reload: the journal resumes the same send and blocks a new one until it is known', async ({ page }) => {
    await signIn(page, 'sender');
    const before = await listTotal(page);
    await reviewedNda(page, `Reloaded ${run}`);
    await control('/faults', {
      rules: [{ method: 'POST', path: '/api/v1/signature-packages', status: 503, code: 'MAINTENANCE', retry_after: 0 }],
    });
    await page.getByRole('button', { name: 'Send for signature' }).click();
    await expect(confirmingPanel(page)).toBeVisible();
    // Home lists the send whose outcome is still being confirmed, and leads back to it.
    await page.goto('/');
    const needs = page.getByRole('region', { name: /^Needs you/ });
    const unknown = needs.getByRole('listitem').filter({ hasText: 'Outcome unknown' });
    await expect(unknown).toHaveCount(1);
    await expect(
      page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: /^Home, \d+ needs? you$/ }),
    ).toBeVisible();
    await unknown.getByRole('link', { name: 'Sent a package' }).click();
    await expect(page).toHaveURL(/\/packages\/new$/);
    await expect(confirmingPanel(page)).toBeVisible();
    await page.reload();
    await expect(confirmingPanel(page)).toBeVisible();
    await expect(page.getByRole('radio', { name: /Mutual non-disclosure agreement/ })).toBeDisabled();
    await expectAccessible(page);
    await snap(page, 'packages-send-resumed');
    await control('/faults', { rules: [] });
    await expect(page).toHaveURL(/\/packages\/(?!new\b|drafts\b)[^/?#]+(\?sent=1)?$/, { timeout: 30_000 });
    expect(await listTotal(page)).toBe(before + 1);
    // Settled: gone from home.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: /^Needs you/ })
        .getByRole('listitem')
        .filter({ hasText: 'Outcome unknown' }),
    ).toHaveCount(0);
  });
});

test.describe('reviewing before a send', () => {
  async function fillMsa(page: Page, client: string) {
    await page.goto('/packages/new?template=dst_msa');
    const values = group(page, 'Values in the document');
    await values.getByLabel('Client name').fill(client);
    await values.getByLabel('Effective date').fill('2026-03-01');
    for (const [slot, name, email, phone] of [
      ['Client signatory', 'Ada Lovelace', 'ada@example.com', '+4915112345678'],
      ['Provider signatory', 'Charles Babbage', 'charles@example.com', '+442071234567'],
    ] as const) {
      const g = group(page, `Signer: ${slot}`);
      await g.getByLabel('Name').fill(name);
      await g.getByLabel('E-mail').fill(email);
      await g.getByLabel('Phone').fill(phone);
    }
    await group(page, 'Expiry').getByLabel('Days to sign').fill('30');
  }

  test('every page must have been on screen; the same PDF keeps the progress, another starts over', async ({ page }) => {
    await signIn(page, 'sender');
    await fillMsa(page, `Hooli ${run}`);
    await page.getByRole('button', { name: 'Preview' }).click();
    const progress = page.getByTestId('review-progress');
    const left = page.getByTestId('review-left');
    const confirm = page.getByLabel(/I have reviewed the populated document/);
    await expect(progress).toHaveText('Reviewed 1 of 10 pages');
    await expect(confirm).toBeDisabled();
    await expect(left).toContainText('Still to review: pages 2–10.');

    // The rail marks what has been on screen, and a page opened from it counts once drawn.
    const rail = page.getByRole('list', { name: 'Pages' });
    await expect(rail.getByRole('button', { name: 'Page 1, reviewed' })).toBeVisible();
    await rail.getByRole('button', { name: 'Page 6', exact: true }).click();
    await expect(rail.getByRole('button', { name: 'Page 6, reviewed' })).toBeVisible();
    await expect(progress).toHaveText('Reviewed 2 of 10 pages');
    await expect(left).toContainText('pages 2–5 and 7–10');
    // "Next unreviewed page" goes on from where the reader is.
    await page.getByRole('button', { name: 'Next unreviewed page' }).click();
    await expect(rail.getByRole('button', { name: 'Page 7, reviewed' })).toBeVisible();
    await expect(page.getByText('Page 7 of 10')).toBeVisible();
    await expect(confirm).toBeDisabled();
    await expectAccessible(page);
    await snap(page, 'packages-review-progress');

    await reviewEveryPage(page);
    await expect(progress).toContainText('Reviewed 10 of 10 pages');
    await expect(page.getByRole('button', { name: 'Next unreviewed page' })).toHaveCount(0);
    await expect(left).toHaveText('Required before sending.');

    // Nothing changed: the new receipt's PDF has the same SHA-256, so the review carries over.
    await page.getByRole('button', { name: 'Edit details' }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText(/identical to the one you were reviewing/)).toBeVisible();
    await expect(progress).toContainText('Reviewed 10 of 10 pages');
    await expect(confirm).toBeEnabled();

    // A value in the document changed: another PDF, reviewed from the start.
    await page.getByRole('button', { name: 'Edit details' }).click();
    await group(page, 'Values in the document').getByLabel('Client name').fill(`Hooli Europe ${run}`);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('complementary', { name: 'Review before sending' })).toContainText(`Hooli Europe ${run}`);
    await expect(progress).toHaveText('Reviewed 1 of 10 pages');
    await expect(page.getByText(/identical to the one you were reviewing/)).toHaveCount(0);
    await expect(confirm).toBeDisabled();
  });

  test('scrolling at a reading pace reviews each page; a page flung past is not reviewed', async ({ page }) => {
    await signIn(page, 'sender');
    await fillMsa(page, `Scroll ${run}`);
    await page.getByRole('button', { name: 'Preview' }).click();
    const progress = page.getByTestId('review-progress');
    await expect(progress).toHaveText('Reviewed 1 of 10 pages');
    await expect(page.getByTestId('review-how')).toContainText('Scroll through at your reading pace');
    const pages = page.getByRole('region', { name: /Populated preview of .*, pages$/ });
    // Straight to the end: the last page stays on screen and counts; those in between were never seen.
    await pages.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(progress).toHaveText('Reviewed 2 of 10 pages');
    await expect(page.getByTestId('review-left')).toContainText('pages 2–9');
    // Back up at a steady pace, with the wheel, no button pressed.
    await pages.hover();
    for (let step = 0; step < 200 && (await progress.textContent()) !== 'Reviewed 10 of 10 pages'; step++) {
      await page.mouse.wheel(0, -120);
      await page.waitForTimeout(80);
    }
    await expect(progress).toHaveText(/Reviewed 10 of 10 pages$/);
    await snap(page, 'packages-review-scrolled');
  });

  test('one person in two signer slots is warned of beside the second e-mail, and may still be sent', async ({ page }) => {
    await signIn(page, 'sender', { at: '/packages/new' });
    await fillNda(page, `Twice ${run}`);
    const counter = group(page, 'Signer: Counterparty signatory');
    await counter.getByLabel('E-mail').fill('GRACE@example.com ');
    // On from the field, so the recipient book's suggestions for it close.
    await counter.getByLabel('E-mail').press('Tab');
    await expect(counter.getByText(/Same e-mail as Company signatory: this person will be asked to sign twice/)).toBeVisible();
    await expect(group(page, 'Signer: Company signatory').getByText(/Same e-mail as/)).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'packages-send-same-person');
    await expectPhoneFits(page, 'packages-send-same-person-phone');
    // A warning, not a refusal: the preview goes ahead.
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByTestId('review-progress')).toBeVisible({ timeout: 20_000 });
  });

  test('the receipt running out in the browser closes the send; leaving the review asks first', async ({ page }) => {
    // The browser's clock is the page's own: it runs as usual until the journey moves it on.
    await page.clock.install();
    await signIn(page, 'sender', { at: '/packages/new' });
    await fillNda(page, `Countdown ${run}`);
    await previewAndReview(page);
    const confirm = page.getByLabel(/I have reviewed the populated document/);
    await confirm.check();
    const send = page.getByRole('button', { name: 'Send for signature' });
    await expect(send).toBeEnabled();

    // A previewed, unsent package is not thrown away by a stray click on the navigation.
    await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Catalog' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave this page?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(leave).toHaveCount(0);
    await expect(send).toBeEnabled();

    // Ten minutes pass for both clocks: the API's (whose Date the console follows) and the page's.
    // The page's clock stands still meanwhile, and a moment before, for any read on its way to
    // land: an answer to a read that left before the page's jump, showing the API's time after
    // its own, would set the page's reckoning of the API's time ten minutes ahead (the clocks of
    // people and APIs do not jump; only this journey's do).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
    await page.waitForTimeout(1_000);
    await control('/clock', { advance_seconds: 601 });
    await page.clock.fastForward('10:01');
    await page.clock.resume();
    await expect(page.getByRole('alert').filter({ hasText: 'This preview has expired.' })).toBeVisible();
    await expect(send).toBeDisabled();
    await expect(confirm).toBeDisabled();
    await snap(page, 'packages-review-expired-in-browser');
    // Nothing changed, so one click makes a new receipt and the review opens again with it:
    // the same PDF keeps its pages reviewed, the confirmation is given afresh.
    await expect(page.getByRole('button', { name: 'Preview again' })).toBeFocused();
    await page.getByRole('button', { name: 'Preview again' }).click();
    await expect(page.getByTestId('receipt-remaining')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'This preview has expired.' })).toHaveCount(0);
    await expect(page.getByText('so the pages you reviewed stay reviewed')).toBeVisible();
    await expect(confirm).not.toBeChecked();
    await page.getByRole('button', { name: 'Edit details' }).click();
    await expect(group(page, 'Values in the document').getByLabel('Counterparty name')).toHaveValue(`Countdown ${run}`);
  });

  test(
    'the API saying the receipt has expired closes the send, whatever the browser clock says',
    { tag: '@dialect' },
    async ({ page }) => {
      await signIn(page, 'sender', { at: '/packages/new' });
      await fillNda(page, `API clock ${run}`);
      await previewAndReview(page);
      const confirm = page.getByLabel(/I have reviewed the populated document/);
      await confirm.check();
      const send = page.getByRole('button', { name: 'Send for signature' });
      await expect(send).toBeEnabled();
      // Only the API's clock moves: its receipt is now past its ten minutes.
      await control('/clock', { advance_seconds: 601 });
      // The review re-reads the API's time every 2 s: the countdown closes within seconds.
      await expect(page.getByRole('alert').filter({ hasText: 'This preview has expired.' })).toBeVisible({ timeout: 7_000 });
      await expect(send).toBeDisabled();
      // A new receipt in one click, and the way back to the form keeps every value typed.
      await page.getByRole('button', { name: 'Preview again' }).click();
      await expect(page.getByTestId('receipt-remaining')).toBeVisible();
      await page.getByRole('button', { name: 'Edit details' }).click();
      await expect(group(page, 'Values in the document').getByLabel('Counterparty name')).toHaveValue(`API clock ${run}`);
    },
  );

  test('by keyboard, the review takes the focus after Preview and keeps it once the last page is seen', async ({ page }) => {
    await signIn(page, 'sender', { at: '/packages/new' });
    await fillNda(page, `Keys ${run}`);
    // The chosen template's whole card shows the keyboard's focus, not only its small radio.
    const radio = page.getByRole('radio', { name: /Mutual non-disclosure agreement/ });
    await radio.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(radio).toBeFocused();
    const card = page.locator('label').filter({ has: radio });
    await expect(card).toHaveCSS('outline-style', 'solid');
    await expect(card).toHaveCSS('outline-width', '2px');
    await page.getByRole('button', { name: 'Preview' }).focus();
    await page.keyboard.press('Enter');
    // Not the page's body: the review's first control.
    const next = page.getByRole('button', { name: 'Next unreviewed page' });
    await expect(next).toBeFocused({ timeout: 20_000 });
    const progress = page.getByTestId('review-progress');
    for (let jumps = 0; jumps < 10 && (await next.isVisible()); jumps++) {
      const before = await progress.textContent();
      await page.keyboard.press('Enter');
      await expect(async () => {
        expect((await next.isVisible()) ? await progress.textContent() : 'done').not.toBe(before);
      }).toPass({ timeout: 10_000 });
    }
    await expect(progress).toContainText('Reviewed 3 of 3 pages');
    // The button went with the last page: the focus goes on to the confirmation, open now that
    // the summary beside the document has been seen too (else to the summary's heading).
    await expect(page.getByLabel(/I have reviewed the populated document/)).toBeEnabled();
    await expect(page.getByLabel(/I have reviewed the populated document/)).toBeFocused();
  });

  test('on a phone the summary below the document must be scrolled to as well', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'sender', { at: '/packages/new' });
    await fillNda(page, `Pied Piper ${run}`);
    await page.getByRole('button', { name: 'Preview' }).click();
    // Fit to a phone's width, a page's text is too small to read: nothing counts as reviewed
    // until the pages are shown at a readable size.
    const tooSmall = page
      .getByRole('status')
      .filter({ hasText: 'the text is too small to read: pages count as reviewed from 60 %' });
    await expect(tooSmall).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('review-progress')).toHaveText('Reviewed 0 of 3 pages');
    await snap(page, 'packages-review-phone-too-small');
    await tooSmall.getByRole('button', { name: 'Zoom to 60 %' }).click();
    await expect(tooSmall).toHaveCount(0);
    await reviewAllPages(page);
    // The last page seen, the focus goes to the summary still to be read below, not to the page.
    await expect(page.getByRole('heading', { name: 'Review before sending' })).toBeFocused();
    await expect(page.getByTestId('review-progress')).toContainText('Reviewed 3 of 3 pages');
    const confirm = page.getByLabel(/I have reviewed the populated document/);
    await expect(confirm).toBeDisabled();
    await expect(page.getByTestId('review-left')).toContainText('Recipients');
    await expect(page.getByTestId('review-left')).toContainText('Expiry');
    await snap(page, 'packages-review-phone-pages-done');

    const summary = page.getByRole('complementary', { name: 'Review before sending' });
    for (const name of ['Template and version', 'Values', 'Recipients', 'Expiry']) {
      const section = summary.getByRole('region', { name: new RegExp(`^${name}`) });
      await section.scrollIntoViewIfNeeded();
      await expect(section).toContainText('Seen');
    }
    await expect(confirm).toBeEnabled();
    await expect(page.getByTestId('review-left')).toHaveText('Required before sending.');
    await expectAccessible(page);
    await snap(page, 'packages-review-phone');
  });
});

test('home follows a package as the clock brings its expiry near, and a failed archive, each to where it is resolved; at 1360 and 390 px, by keyboard', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const counterparty = `Expiring ${run}`;
  const id = await sendNdaViaApi(page, counterparty, `exp${run}`, 4);
  const leadsThere = { has: page.locator(`a[href="/packages/${id}"]`) };
  const expiring = page
    .getByRole('region', { name: /^Expiring soon/ })
    .getByRole('listitem')
    .filter(leadsThere);
  const onHome = async (row: Locator, count: number) =>
    expect(async () => {
      await page.goto('/');
      await expect(row).toHaveCount(count, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });

  // Four days to sign: not yet "expiring soon" (3 days); a day later on the API's clock, it is.
  await onHome(expiring, 0);
  await control('/clock', { advance_seconds: 24 * 3600 + 120 });
  await onHome(expiring, 1);
  await expect(expiring).toContainText(counterparty);
  await expect(expiring).toContainText(/expires in \d+ (days|h)/);

  // An archive refused while the package is still active: listed under "Went wrong".
  const refused = await post(page.request, page, `/api/packages/${id}/archive`, { reason: 'Tidying up' }, `e2e-arch-${run}`);
  expect(refused.status()).toBe(409);
  const failed = page
    .getByRole('region', { name: /^Went wrong/ })
    .getByRole('listitem')
    .filter(leadsThere);
  await onHome(failed, 1);
  await expect(failed).toContainText('The package is still open: only a completed, declined or expired package can be archived.');
  await expectPhoneFits(page, 'home-expiring-and-failed-390');
  await snap(page, 'home-expiring-and-failed');

  // By keyboard: the row leads to the package, where the recipients finish it.
  await expiring.getByRole('link').first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/packages/${id}$`));
  // Delivered by now (the sandbox delivers a minute after sending); every recipient signs.
  await control(`/signature-packages/${id}/actions`, { action: 'complete' });
  await onHome(expiring, 0);
});
