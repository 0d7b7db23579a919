import type { Browser, Locator, Page } from '@playwright/test';
import { newIdempotencyKey } from '../lib/idempotency.ts';
import { expectCanvasDrawn } from './canvas-drawn.ts';
import { apiId, apiRe, expect, expectAccessible, signIn, snap, test } from './fixtures.ts';

// Catalog journeys as a viewer: every list keeps its view in the URL (a link reproduces it),
// and the detail pages show what the API returns for the seeded catalog.

const rows = (page: Page, caption: string) => page.getByRole('table', { name: caption, exact: true }).locator('tbody tr');
const summary = (page: Page) => page.getByRole('navigation', { name: 'Pagination' }).locator('p');

/** The same URL opened in a fresh page of the same session shows the same view. */
async function reopen(page: Page): Promise<Page> {
  const fresh = await page.context().newPage();
  await fresh.goto(page.url());
  return fresh;
}

/** The viewer drew the first page: its canvas holds dark pixels (text), not just a blank sheet. */
async function expectPainted(viewer: Locator) {
  await expectCanvasDrawn(viewer.locator('[data-page="1"] canvas'), { drawn: 15_000 });
}

const PAGING_PREFIX = 'Paging fixture';

/** 30 categories sharing a prefix (created once per sandbox), so paging can be checked exactly. */
async function ensurePagingFixture(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signIn(admin, 'admin');
  const res = await admin.request.get(`/api/categories?size=100&q=${encodeURIComponent(PAGING_PREFIX)}`);
  expect(res.ok()).toBe(true);
  const existing = new Set(((await res.json()) as { data: { name: string }[] }).data.map((c) => c.name));
  for (let i = 1; i <= 30; i++) {
    const name = `${PAGING_PREFIX} ${String(i).padStart(2, '0')}`;
    if (existing.has(name)) continue;
    const created = await admin.request.post('/api/categories', {
      headers: { origin: baseURL, 'idempotency-key': newIdempotencyKey('e2e') },
      data: { name, description: 'Created by the catalog paging journey.' },
    });
    expect(created.ok(), await created.text()).toBe(true);
  }
  await context.close();
}

test.describe('catalog lists and details', () => {
  test('categories: status filter, search, paging and page size are held in the URL', async ({ page, browser, baseURL }) => {
    test.setTimeout(150_000); // seeds 30 categories on a fresh sandbox, then walks every list state
    await ensurePagingFixture(browser, baseURL!);
    await signIn(page, 'viewer', { at: '/catalog/categories' });
    await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
    await expect(rows(page, 'Categories').filter({ hasText: 'Finance' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'New category' })).toHaveCount(0);
    await expectAccessible(page);

    // Status filter
    await page.getByLabel('Status', { exact: true }).selectOption('archived');
    await expect(page).toHaveURL(/\/catalog\/categories\?status=archived$/);
    await expect(rows(page, 'Categories').filter({ hasText: 'Travel (retired)' })).toHaveCount(1);
    await expect(rows(page, 'Categories').filter({ hasText: 'Finance' })).toHaveCount(0);
    const archived = await reopen(page);
    await expect(archived.getByLabel('Status', { exact: true })).toHaveValue('archived');
    await expect(rows(archived, 'Categories').filter({ hasText: 'Travel (retired)' })).toHaveCount(1);
    await expect(rows(archived, 'Categories').filter({ hasText: 'Finance' })).toHaveCount(0);
    await archived.close();
    await page.getByLabel('Status', { exact: true }).selectOption('');
    await expect(page).toHaveURL(/\/catalog\/categories$/);

    // Search, then page 2 of 30 matches
    await page.getByLabel('Search categories').fill(PAGING_PREFIX);
    await expect(page).toHaveURL(/\?q=Paging\+fixture$/);
    await expect(summary(page)).toHaveText('Showing 1–25 of 30');
    await expect(rows(page, 'Categories')).toHaveCount(25);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\?q=Paging\+fixture&page=2$/);
    await expect(summary(page)).toHaveText('Showing 26–30 of 30');
    await expect(rows(page, 'Categories')).toHaveCount(5);
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    const second = await reopen(page);
    await expect(second.getByLabel('Search categories')).toHaveValue(PAGING_PREFIX);
    await expect(summary(second)).toHaveText('Showing 26–30 of 30');
    await expect(rows(second, 'Categories').filter({ hasText: `${PAGING_PREFIX} 30` })).toHaveCount(1);
    await second.close();

    // An address past the end says so and leads to the last page.
    await page.goto(`/catalog/categories?q=${encodeURIComponent(PAGING_PREFIX)}&page=5`);
    await expect(page.getByText('Page 5 is past the end')).toBeVisible();
    await expect(page.getByText('There are 30 matches, on 2 pages.')).toBeVisible();
    await expect(summary(page)).toHaveText('Nothing on page 5: 30 in all, on 2 pages');
    await page.getByRole('button', { name: 'Go to the last page' }).click();
    await expect(page).toHaveURL(/\?q=Paging\+fixture&page=2$/);
    await expect(summary(page)).toHaveText('Showing 26–30 of 30');

    // A bigger page returns to page 1 and holds everything
    await page.getByLabel('Per page').selectOption('50');
    await expect(page).toHaveURL(/\?q=Paging\+fixture&size=50$/);
    await expect(summary(page)).toHaveText('Showing 1–30 of 30');
    await expect(rows(page, 'Categories')).toHaveCount(30);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await snap(page, 'catalog-categories-paged');

    // Nothing found: the empty state says what to do, and doing it brings the list back
    await page.getByLabel('Search categories').fill('no-such-category-anywhere');
    await expect(page.getByText('Nothing matches these filters')).toBeVisible();
    await expect(page).toHaveURL(/q=no-such-category-anywhere/);
    await expectAccessible(page);
    await snap(page, 'catalog-categories-empty');
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect(page).toHaveURL(/\/catalog\/categories\?size=50$/);
    await expect(rows(page, 'Categories').filter({ hasText: 'Finance' })).toHaveCount(1);

    // Over 100 characters: a message, and the URL keeps the last valid search
    await page.getByLabel('Search categories').fill('x'.repeat(101));
    await expect(page.getByRole('alert').filter({ hasText: 'Search is limited to 100 characters (101 typed).' })).toBeVisible();
    await expect(page.getByLabel('Search categories')).toHaveAttribute('aria-invalid', 'true');
    await page.waitForTimeout(600);
    await expect(page).toHaveURL(/\/catalog\/categories\?size=50$/);
  });

  test('category detail: facts, its workflows and a link to them in the filtered list', async ({ page }) => {
    await signIn(page, 'viewer', { at: '/catalog/categories' });
    await rows(page, 'Categories').getByRole('link', { name: 'Human resources', exact: true }).click();
    await expect(page).toHaveURL(/\/catalog\/categories\/cat_hr$/);
    await expect(page.getByRole('heading', { name: 'Human resources', level: 1 })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Categories' })).toHaveAttribute('href', '/catalog/categories');
    await expect(page.getByText('cat_hr', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy category id cat_hr' })).toBeVisible();
    const related = rows(page, 'Approval workflows of this category');
    await expect(related).toHaveCount(2);
    await expect(related.filter({ hasText: 'Leave approval' })).toHaveCount(1);
    await expect(related.filter({ hasText: 'Travel pre-approval (legacy)' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: /Archive/ })).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'catalog-category-detail');
    await page.getByRole('link', { name: 'Open in the workflows list' }).click();
    await expect(page).toHaveURL(/\/catalog\/approval-workflows\?category_id=cat_hr$/);
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue('cat_hr');
    await expect(rows(page, 'Approval workflows')).toHaveCount(2);

    await page.goto('/catalog/categories/cat_does_not_exist');
    await expect(page.getByText('Category not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to categories' })).toBeVisible();
  });

  test('request templates: loading and error states, search in the URL, category names, and a detail with its workflows', async ({ page }) => {
    await signIn(page, 'viewer');
    // The list answers slowly and then fails: the skeleton, then what is wrong and when the next attempt goes
    let failing = true;
    await page.route('**/api/request-templates?*', async (route) => {
      if (!failing) return route.continue();
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UPSTREAM_UNAVAILABLE', message: 'The Signing API is temporarily unavailable. Try again shortly.' } }),
      });
    });
    await page.clock.install();
    await page.goto('/catalog/request-templates');
    await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
    await expect(page.getByTestId('query-struggle')).toContainText(/^The Signing API is not answering; retrying in \d s \(attempt 2 of 6\)\.$/);
    await expectAccessible(page);
    await snap(page, 'catalog-list-struggling');
    // The page's clock stands still from the API's return to the click: otherwise the automatic
    // retry could come first, find the API back and take "Retry now" away. It is moved on two
    // seconds as it stops (it cannot go back; a retry due meanwhile fails once more), and the
    // click is dispatched, since a stopped clock also stops the frames a pointer click waits for.
    await expect(page.getByRole('button', { name: 'Retry now' })).toBeEnabled();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
    failing = false;
    await page.getByRole('button', { name: 'Retry now' }).dispatchEvent('click');
    await page.clock.resume();
    await expect(summary(page)).toHaveText('Showing 1–6 of 6');
    await expect(rows(page, 'Request templates').filter({ hasText: 'Expense claim' })).toContainText('Finance');
    await expectAccessible(page);
    await page.getByLabel('Search request templates').fill('leave');
    await expect(page).toHaveURL(/\/catalog\/request-templates\?q=leave$/);
    await expect(rows(page, 'Request templates')).toHaveCount(1);
    await expect(summary(page)).toHaveText('Showing 1–1 of 1');
    const fresh = await reopen(page);
    await expect(rows(fresh, 'Request templates')).toHaveCount(1);
    await expect(rows(fresh, 'Request templates')).toContainText('Leave request');
    await fresh.close();
    await snap(page, 'catalog-request-templates');

    await rows(page, 'Request templates').getByRole('link', { name: 'Leave request' }).click();
    await expect(page).toHaveURL(/\/catalog\/request-templates\/rt_leave$/);
    await expect(page.getByRole('heading', { name: 'Leave request', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Human resources' })).toHaveAttribute('href', '/catalog/categories/cat_hr');
    await expect(rows(page, 'Approval workflows of this request template')).toHaveCount(1);
    await expect(rows(page, 'Approval workflows of this request template')).toContainText('Leave approval');
    await expectAccessible(page);
    await snap(page, 'catalog-request-template-detail');
  });

  test('approval workflows: status, category and request template filters list real items and live in the URL', async ({ page }) => {
    await signIn(page, 'viewer', { at: '/catalog/approval-workflows' });
    await expect(rows(page, 'Approval workflows').first()).toBeVisible();
    const total = Number((await summary(page).textContent())!.match(/of (\d+)/)![1]);
    expect(total).toBeGreaterThanOrEqual(6);
    await expect(page.getByLabel('Category', { exact: true }).locator('option', { hasText: 'Human resources' })).toHaveCount(1);
    await expect(page.getByLabel('Category', { exact: true }).locator('option', { hasText: 'Travel (retired) (archived)' })).toHaveCount(1);
    await expect(page.getByLabel('Request template', { exact: true }).locator('option', { hasText: 'Leave request' })).toHaveCount(1);
    await expectAccessible(page);

    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Human resources' });
    await expect(page).toHaveURL(/\?category_id=cat_hr$/);
    await expect(summary(page)).toHaveText('Showing 1–2 of 2');
    await page.getByLabel('Request template', { exact: true }).selectOption({ label: 'Leave request' });
    await expect(page).toHaveURL(/\?category_id=cat_hr&request_template_id=rt_leave$/);
    await expect(rows(page, 'Approval workflows')).toHaveCount(1);
    await expect(rows(page, 'Approval workflows')).toContainText('Leave approval');
    await expect(rows(page, 'Approval workflows')).toContainText('wf_leave@2');
    await page.getByLabel('Status', { exact: true }).selectOption('active');
    await expect(page).toHaveURL(/\?category_id=cat_hr&request_template_id=rt_leave&status=active$/);
    await expect(rows(page, 'Approval workflows')).toHaveCount(1);
    await snap(page, 'catalog-workflows-filtered');

    const fresh = await reopen(page);
    await expect(fresh.getByLabel('Category', { exact: true })).toHaveValue('cat_hr');
    await expect(fresh.getByLabel('Request template', { exact: true })).toHaveValue('rt_leave');
    await expect(fresh.getByLabel('Status', { exact: true })).toHaveValue('active');
    await expect(rows(fresh, 'Approval workflows')).toHaveCount(1);
    await expect(rows(fresh, 'Approval workflows')).toContainText('Leave approval');
    await fresh.close();

    await page.getByLabel('Status', { exact: true }).selectOption('archived');
    await expect(page.getByText('Nothing matches these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect(page).toHaveURL(/\/catalog\/approval-workflows$/);
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue('');
    await expect(summary(page)).toHaveText(`Showing 1–${total} of ${total}`);
  });

  test('workflow detail: release, links, layers, and each release’s schema as a form and as raw JSON', { tag: '@dialect' }, async ({ page }) => {
    await signIn(page, 'viewer', { at: '/catalog/approval-workflows?q=expense' });
    await rows(page, 'Approval workflows').getByRole('link', { name: 'Expense approval' }).click();
    await expect(page).toHaveURL(apiRe(/\/catalog\/approval-workflows\/wf_expense$/));
    await expect(page.getByRole('heading', { name: 'Expense approval', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /Archive/ })).toHaveCount(0);
    const facts = page.locator('dl');
    await expect(facts.getByText(apiId('wf_expense@2'))).toBeVisible();
    await expect(facts.getByRole('link', { name: 'Finance' })).toHaveAttribute('href', apiId('/catalog/categories/cat_finance'));
    await expect(facts.getByRole('link', { name: 'Expense claim', exact: true })).toHaveAttribute('href', apiId('/catalog/request-templates/rt_expense'));
    await expect(facts.getByRole('link', { name: 'Expense claim form', exact: true })).toHaveAttribute('href', apiId('/catalog/request-forms/rf_expense'));
    const layers = page.getByRole('region', { name: 'Approval layers' }).getByRole('listitem');
    await expect(layers).toHaveCount(2);
    await expect(layers.nth(0)).toContainText('Line manager');
    await expect(layers.nth(0)).toContainText('SLA 24 h');
    await expect(layers.nth(1)).toContainText('Finance');
    await expect(rows(page, 'Releases of Expense approval')).toHaveCount(2);

    // The current release's schema: a read-only form and the raw JSON Schema
    const release = page.getByLabel('Release', { exact: true });
    await expect(release).toHaveValue('2');
    const form = page.getByRole('form', { name: apiId('Form preview of wf_expense@2') });
    await expect(form.getByLabel(/^Cost center/)).toBeDisabled();
    await expect(form.getByTestId('facts-cost_center')).toContainText('4 to 12 characters');
    await expect(form.getByTestId('facts-cost_center')).toContainText('required');
    await expect(form.getByTestId('facts-amount')).toContainText('Number');
    await expect(form.getByTestId('facts-amount')).toContainText('0.01 to 1,000,000');
    await expect(form.getByTestId('facts-currency')).toContainText('options: EUR, USD, GBP');
    await expect(form.getByLabel(/^Currency/).locator('option')).toHaveText(['Choose…', 'EUR', 'USD', 'GBP']);
    await expect(form.getByTestId('facts-billable')).toContainText('optional');
    await expect(form.getByTestId('facts-receipt')).toContainText('Document (PDF)');
    await expect(form.getByLabel(/^Receipt/)).toHaveAttribute('type', 'file');
    const json = page.getByRole('region', { name: apiId('Raw JSON Schema of wf_expense@2') });
    await expect(json).toContainText('"title": "Expense approval — release 2"');
    await expect(json).toContainText('"cost_center"');
    await expectAccessible(page);
    await snap(page, 'catalog-workflow-detail');

    // Switching to release 1 shows its own schema, and the URL says so
    await expect(release.locator('option')).toHaveText([apiId('wf_expense@2 (current)'), apiId('wf_expense@1')]);
    await release.selectOption('1');
    await expect(page).toHaveURL(apiRe(/\/catalog\/approval-workflows\/wf_expense\?release=1$/));
    const form1 = page.getByRole('form', { name: apiId('Form preview of wf_expense@1') });
    await expect(form1.getByLabel(/^Amount/)).toBeVisible();
    await expect(form1.getByLabel(/^Cost center/)).toHaveCount(0);
    await expect(page.getByRole('region', { name: apiId('Raw JSON Schema of wf_expense@1') })).toContainText('"title": "Expense approval — release 1"');
    await expect(page.getByRole('region', { name: apiId('Raw JSON Schema of wf_expense@1') })).not.toContainText('cost_center');
    await snap(page, 'catalog-workflow-release-1');
    const fresh = await reopen(page);
    await expect(fresh.getByLabel('Release', { exact: true })).toHaveValue('1');
    await expect(fresh.getByRole('region', { name: apiId('Raw JSON Schema of wf_expense@1') })).toContainText('release 1');
    await fresh.close();

    // Three releases, any of them selectable
    await page.goto(apiId('/catalog/approval-workflows/wf_purchase?release=2'));
    await expect(page.getByLabel('Release', { exact: true }).locator('option')).toHaveCount(3);
    await expect(page.getByRole('form', { name: apiId('Form preview of wf_purchase@2') }).getByLabel(/^Justification/)).toHaveCount(0);
    await page.getByLabel('Release', { exact: true }).selectOption('3');
    await expect(page.getByRole('form', { name: apiId('Form preview of wf_purchase@3') }).getByTestId('facts-justification')).toContainText('20 to 2,000 characters');

    await page.goto(apiId('/catalog/approval-workflows/wf_does_not_exist'));
    await expect(page.getByText('Approval workflow not found')).toBeVisible();
  });

  test('request forms: search in the URL and a detail linking its workflow, template and category', async ({ page }) => {
    await signIn(page, 'viewer', { at: '/catalog/request-forms' });
    await expect(rows(page, 'Request forms').first()).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Search request forms').fill('purchase');
    await expect(page).toHaveURL(/\/catalog\/request-forms\?q=purchase$/);
    await expect(rows(page, 'Request forms')).toHaveCount(1);
    // The workflow column names the workflow (resolved like categories), never its bare id.
    await expect(rows(page, 'Request forms').getByRole('link', { name: 'Purchase approval', exact: true })).toHaveAttribute('href', apiId('/catalog/approval-workflows/wf_purchase'));
    const fresh = await reopen(page);
    await expect(rows(fresh, 'Request forms')).toHaveCount(1);
    await expect(rows(fresh, 'Request forms')).toContainText('Purchase request form');
    await fresh.close();
    await snap(page, 'catalog-request-forms');

    await rows(page, 'Request forms').getByRole('link', { name: 'Purchase request form' }).click();
    await expect(page).toHaveURL(apiRe(/\/catalog\/request-forms\/rf_purchase$/));
    await expect(page.getByRole('heading', { name: 'Purchase request form', level: 1 })).toBeVisible();
    const facts = page.locator('dl');
    await expect(facts.getByRole('link', { name: 'Purchase approval', exact: true })).toHaveAttribute('href', apiId('/catalog/approval-workflows/wf_purchase'));
    await expect(facts.getByRole('link', { name: 'Purchase request', exact: true })).toHaveAttribute('href', apiId('/catalog/request-templates/rt_purchase'));
    await expect(facts.getByRole('link', { name: 'Procurement' })).toHaveAttribute('href', apiId('/catalog/categories/cat_procurement'));
    await expect(page.getByRole('button', { name: /Archive/ })).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'catalog-request-form-detail');
  });

  test('document-sign templates: list, and a detail with versions, signer slots, sender fields and the PDF of a chosen version', { tag: '@dialect' }, async ({ page }) => {
    test.setTimeout(120_000); // three PDFs drawn, one of them 200 pages
    await signIn(page, 'viewer', { at: '/catalog/document-sign-templates' });
    await expect(rows(page, 'Document-sign templates')).toHaveCount(5);
    await expect(rows(page, 'Document-sign templates').filter({ hasText: 'Board resolution' })).toContainText('not enabled');
    await expectAccessible(page);
    await page.getByLabel('Search document-sign templates').fill('agreement');
    await expect(page).toHaveURL(/\?q=agreement$/);
    await expect(rows(page, 'Document-sign templates')).toHaveCount(2);
    const fresh = await reopen(page);
    await expect(rows(fresh, 'Document-sign templates')).toHaveCount(2);
    await fresh.close();
    await snap(page, 'catalog-sign-templates');

    const currentPdf = page.waitForResponse((r) => r.url().endsWith(apiId('/api/document-sign-templates/dst_nda/content?version=dstv_nda_2')));
    await rows(page, 'Document-sign templates').getByRole('link', { name: 'Mutual non-disclosure agreement' }).click();
    await expect(page).toHaveURL(apiRe(/\/catalog\/document-sign-templates\/dst_nda$/));
    await expect(page.getByRole('heading', { name: 'Mutual non-disclosure agreement', level: 1 })).toBeVisible();
    const versions = rows(page, 'Versions of Mutual non-disclosure agreement');
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0)).toContainText('Version 2');
    await expect(versions.nth(0)).toContainText('current');
    await expect(versions.nth(0)).toContainText(apiId('dstv_nda_2'));
    await expect(versions.nth(1)).toContainText(apiId('dstv_nda_1'));
    const slots = rows(page, 'Signer slots of Mutual non-disclosure agreement');
    await expect(slots).toHaveCount(2);
    await expect(slots.nth(0)).toContainText('Company signatory');
    await expect(slots.nth(0)).toContainText('company_signer');
    const fields = rows(page, 'Sender fields of Mutual non-disclosure agreement');
    await expect(fields).toHaveCount(3);
    await expect(fields.nth(0)).toContainText(/Counterparty name\s*counterparty_name\s*text\s*required\s*1/);
    await expect(fields.nth(2)).toContainText(/Governing law\s*governing_law\s*text\s*optional\s*1/);
    const pdf = await currentPdf;
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await expect(page.getByLabel('Version', { exact: true })).toHaveValue(apiId('dstv_nda_2'));
    const viewer = page.getByRole('region', { name: 'PDF of Mutual non-disclosure agreement, version 2', exact: true });
    await expect(viewer.getByText('Page 1 of 3')).toBeVisible();
    await expectPainted(viewer);
    await expectAccessible(page);
    await snap(page, 'catalog-sign-template-detail');

    // Another version: its own PDF, and the URL names the version id
    const olderPdf = page.waitForResponse((r) => r.url().endsWith(apiId('/api/document-sign-templates/dst_nda/content?version=dstv_nda_1')));
    await page.getByRole('button', { name: 'Show the PDF of version 1' }).click();
    await expect(page).toHaveURL(apiRe(/\/catalog\/document-sign-templates\/dst_nda\?version=dstv_nda_1$/));
    expect((await olderPdf).status()).toBe(200);
    await expect(page.getByLabel('Version', { exact: true })).toHaveValue(apiId('dstv_nda_1'));
    await expect(versions.nth(1)).toContainText('Shown below');
    await expectPainted(page.getByRole('region', { name: 'PDF of Mutual non-disclosure agreement, version 1', exact: true }));
    const reopened = await reopen(page);
    await expect(reopened.getByLabel('Version', { exact: true })).toHaveValue(apiId('dstv_nda_1'));
    await reopened.close();

    await page.goto(apiId('/catalog/document-sign-templates/dst_handbook'));
    const handbook = page.getByRole('region', { name: 'PDF of Employee handbook acknowledgement, version 1', exact: true });
    await expect(handbook.getByText('Page 1 of 200')).toBeVisible({ timeout: 20_000 });
    await expectPainted(handbook);

    await page.goto(apiId('/catalog/document-sign-templates/dst_board'));
    await expect(page.getByText('This template is not enabled for this app')).toBeVisible();
  });
  test('a template leads to sending with it and a workflow to a request, for the roles that may', async ({ page, browser }) => {
    await signIn(page, 'sender', { at: apiId('/catalog/document-sign-templates/dst_nda') });
    await page.getByRole('link', { name: 'Send with this template' }).click();
    await expect(page).toHaveURL(apiRe(/\/packages\/new\?template=dst_nda$/));
    await expect(page.getByRole('heading', { name: 'Send a package' })).toBeVisible();
    await expect(page.getByText('Chosen: Mutual non-disclosure agreement')).toBeVisible();
    // A template this app may not use offers nothing to send.
    await page.goto(apiId('/catalog/document-sign-templates/dst_board'));
    await expect(page.getByText('This template is not enabled for this app')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Send with this template' })).toHaveCount(0);

    // Pages of their own contexts: one user each, and axe needs a context's page.
    const operator = await (await browser.newContext()).newPage();
    await signIn(operator, 'operator');
    await operator.goto(apiId('/catalog/approval-workflows/wf_access'));
    await expect(operator.getByRole('link', { name: 'Send with this template' })).toHaveCount(0);
    await operator.getByRole('link', { name: 'Start a request' }).click();
    await expect(operator).toHaveURL(apiRe(/\/approvals\/new\?workflow=wf_access$/));
    await expect(operator.getByLabel('Workflow')).toHaveValue(apiId('wf_access'));
    await expectAccessible(operator);
    await operator.context().close();

    // A viewer reads both, with neither way in.
    const viewer = await (await browser.newContext()).newPage();
    await signIn(viewer, 'viewer');
    await viewer.goto(apiId('/catalog/approval-workflows/wf_access'));
    await expect(viewer.getByRole('heading', { level: 1, name: 'System access' })).toBeVisible();
    await expect(viewer.getByRole('link', { name: 'Start a request' })).toHaveCount(0);
    await viewer.goto(apiId('/catalog/document-sign-templates/dst_nda'));
    await expect(viewer.getByRole('heading', { level: 1, name: 'Mutual non-disclosure agreement' })).toBeVisible();
    await expect(viewer.getByRole('link', { name: 'Send with this template' })).toHaveCount(0);
    await viewer.context().close();
  });
});
