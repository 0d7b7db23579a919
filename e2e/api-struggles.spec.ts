import type { Page } from '@playwright/test';
import { CATALOG_FRESH_MS } from '../lib/catalog/freshness';
import { newIdempotencyKey } from '../lib/idempotency';
import { control, expect, expectAccessible, expectPhoneFits, post, signIn, snap, test } from './fixtures';

/** A request saved as a draft at the API: a record of the operator's own to open. */
const draftRequest = (tag: string) => ({
  workflow_id: 'wf_expense',
  workflow_release_id: 'wf_expense@2',
  external_id: `e2e-${tag}-${Date.now().toString(36)}`,
  form_data: { amount: 12, currency: 'EUR', description: 'Struggle journey', cost_center: 'CC-1234', expense_date: '2026-01-20' },
  submit: false,
});

// Issue 10, "When the API struggles": a page waiting on a down or slow API says so within two
// seconds, counts down to its next attempt, offers "Retry now", and recovers by itself. The
// faults are the sandbox's, so these journeys change the world (playwright.config.ts).
const SAID_WITHIN = { timeout: 2_000 };
/** The page's first read of `path`, so "within 2 s" counts from the moment the page asked. */
const asked = (page: Page, path: string) => page.waitForRequest((r) => new URL(r.url()).pathname === path && r.method() === 'GET');
/**
 * A fault set on the sandbox is news the console cannot hear: a catalog read it answered
 * moments ago is answered from its cache until CATALOG_FRESH_MS have passed, as any change
 * made outside this console would be.
 */
const outliveCatalogCache = (page: Page) => page.waitForTimeout(CATALOG_FRESH_MS + 100);

test.describe('when the Signing API struggles', () => {
  test.beforeEach(() => control('/faults', { rules: [] }));
  test.afterEach(() => control('/faults', { rules: [] }));

  test('a list says the API is not answering, counts down, and loads after Retry now', async ({ page }) => {
    await signIn(page, 'operator');
    await control('/faults', { rules: [{ method: 'GET', path: '/api/v1/approval-requests', status: 503, code: 'INJECTED_OUTAGE' }] });
    const read = asked(page, '/api/approval-requests');
    await page.goto('/approvals');
    await read;
    const notice = page.getByTestId('query-struggle');
    await expect(notice).toHaveText(/^The Signing API is not answering; retrying in [12] s \(attempt 2 of 6\)\.$/, SAID_WITHIN);
    // The first retry fails too: the next wait is longer, and the attempt count moves on.
    await expect(notice).toHaveText(/retrying in [1-4] s \(attempt 3 of 6\)/, { timeout: 4_000 });
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByText('No approval requests yet')).toHaveCount(0);
    await snap(page, 'api-struggles-list');

    // The API now asks for 30 s: the page's own retry waits that long, so "Retry now" is what loads it.
    await control('/faults', { rules: [{ method: 'GET', path: '/api/v1/approval-requests', status: 503, code: 'INJECTED_OUTAGE', retry_after: 30 }] });
    await expect(notice).toHaveText(/retrying in (2\d|30) s/, { timeout: 15_000 });
    await control('/faults', { rules: [] });
    await page.getByRole('button', { name: 'Retry now' }).click();
    // Loaded: the list, or its empty state on a sandbox where no journey has submitted yet.
    const loaded = page.getByRole('table', { name: /approval requests/i }).or(page.getByText('No approval requests yet'));
    await expect(loaded).toBeVisible(SAID_WITHIN);
    await expect(notice).toHaveCount(0);
  });

  test('a filter whose options cannot be read says so, rather than offering only All', async ({ page }) => {
    await signIn(page, 'operator', { at: '/documents' });
    await control('/faults', { rules: [{ method: 'GET', path: '/api/v1/categories', status: 422, code: 'VALIDATION_FAILED', times: 100 }] });
    await outliveCatalogCache(page);
    await page.goto('/catalog/approval-workflows');
    // Only the categories fail: the request templates' filter keeps its options.
    const note = page.getByRole('search').getByRole('alert');
    await expect(note).toHaveText('Its options could not be loaded. Try again', { timeout: 35_000 });
    // The workflows themselves still list.
    await expect(page.getByRole('table', { name: 'Approval workflows' })).toBeVisible();
    await snap(page, 'api-struggles-filter-options');
    await control('/faults', { rules: [] });
    await note.getByRole('button', { name: 'Try again' }).click();
    await expect(note).toHaveCount(0, SAID_WITHIN);
    await expect(page.getByLabel('Category', { exact: true }).locator('option', { hasText: 'Finance' })).toHaveCount(1);
  });

  test('the category filter says the API is not answering while its options are retried, not only All', async ({ page }) => {
    await signIn(page, 'operator', { at: '/documents' });
    await control('/faults', { rules: [{ method: 'GET', path: '/api/v1/categories', status: 503, code: 'INJECTED_OUTAGE', times: 1000 }] });
    await outliveCatalogCache(page);
    await page.goto('/catalog/approval-workflows');
    // Said while the reads are still being retried (an outage may last minutes), not after the last attempt.
    const note = page.getByTestId('filter-options-struggle');
    await expect(note).toHaveText(/^The Signing API is not answering: the options are not loaded yet\. Retry now$/, { timeout: 8_000 });
    await expect(page.getByLabel('Category', { exact: true }).locator('option')).toHaveCount(1);
    // The request templates' filter and the workflows themselves are not touched by it.
    await expect(page.getByRole('table', { name: 'Approval workflows' })).toBeVisible();
    await expect(page.getByLabel('Request template', { exact: true }).locator('option')).not.toHaveCount(1);
    await expectAccessible(page);
    await snap(page, 'api-struggles-category-filter');
    await expectPhoneFits(page, 'api-struggles-category-filter-phone');
    // Retry now asks at once, without waiting out the backoff.
    const again = asked(page, '/api/categories');
    await note.getByRole('button', { name: 'Retry now' }).click();
    await again;
    // Once the API answers, the options come by themselves and the note goes.
    await control('/faults', { rules: [] });
    await expect(note).toHaveCount(0, { timeout: 35_000 });
    await expect(page.getByLabel('Category', { exact: true }).locator('option', { hasText: 'Finance' })).toHaveCount(1);
  });

  test('a slow API is said to be slow, and Retry now does not wait for the hanging answer', async ({ page }) => {
    await signIn(page, 'operator', { at: '/documents' });
    // Away from the catalog landing page, whose own reads would take the one slow answer.
    await control('/faults', { rules: [{ method: 'GET', path: '/api/v1/categories', latency_ms: 30_000, times: 1 }] });
    await outliveCatalogCache(page);
    const read = asked(page, '/api/categories');
    await page.goto('/catalog/categories');
    await read;
    const notice = page.getByTestId('query-struggle');
    await expect(notice).toHaveText(/^The Signing API is slow to answer; waiting [23] s\.$/, { timeout: 3_000 });
    await page.getByRole('button', { name: 'Retry now' }).click();
    // The slow rule fired once; the new request is answered at once.
    await expect(page.getByRole('table', { name: /categories/i })).toBeVisible(SAID_WITHIN);
    await expect(notice).toHaveCount(0);
  });

  test('a detail that the API refuses with Retry-After counts down what the API asked for', async ({ page }) => {
    await signIn(page, 'operator');
    // An approval request: a catalog record's page reads its record on the server first (the
    // refusal would be spent there), and this journey is about what the browser shows.
    const created = await post(page.request, page, '/api/approval-requests', draftRequest('struggle'), newIdempotencyKey('e2e'));
    expect(created.ok(), await created.text()).toBe(true);
    const { id } = (await created.json()) as { id: string };
    await control('/faults', { rules: [{ method: 'GET', path: `/api/v1/approval-requests/${id}`, status: 429, code: 'RATE_LIMITED', retry_after: 6, times: 2 }] });
    const read = asked(page, `/api/approval-requests/${id}`);
    await page.goto(`/approvals/${id}`);
    await read;
    const notice = page.getByTestId('query-struggle');
    // The console hands a long Retry-After back instead of sleeping on it, so the page can show it.
    await expect(notice).toHaveText(/^The Signing API is busy \(too many requests\); retrying in [56] s \(attempt 2 of 6\)\.$/, SAID_WITHIN);
    // The refusals used (the page's reads of the same record may share one), a later attempt
    // loads the record without anyone pressing a button.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 25_000 });
    await expect(notice).toHaveCount(0);
  });

  test('a request held for the rate limit every operator shares says it is waiting its turn, then goes through', async ({ page }) => {
    await signIn(page, 'operator', { at: '/approvals' });
    // A page that reads no documents: the one refusal below must meet the request sent for it,
    // not a list read of the page's own that went out after the fault was set.
    const loaded = page.getByRole('table', { name: /approval requests/i }).or(page.getByText('No approval requests yet'));
    await expect(loaded).toBeVisible();
    // The API refuses one read for rate, asking for 9 s (the console holds up to 10 s): every call
    // of the key waits until then. The page's read must start, and wait 2 s, inside that window,
    // which a loaded CI machine's page load (2 to 3 s) leaves room for only when it is this long.
    await control('/faults', { rules: [{ method: 'GET', path: '/api/v1/documents', status: 429, code: 'RATE_LIMITED', retry_after: 9, times: 1 }] });
    expect((await page.request.get('/api/documents?q=held')).status()).toBe(429);
    await page.goto('/approvals');
    const notice = page.getByTestId('held-notice');
    await expect(notice).toHaveText(/^The Signing API is at the rate limit all operators share\. Your request is waiting its turn and will go through shortly; nothing is lost\.$/, {
      timeout: 8_000,
    });
    await snap(page, 'api-held-for-rate-limit');
    await expect(loaded).toBeVisible({ timeout: 15_000 });
    await expect(notice).toHaveCount(0);
  });
});

// Issue 10, "every tab shows its skeleton at once": the page a tab leads to draws its skeleton
// the moment it is clicked, not the old page until the server and then the API have answered.
// Both are held up: the navigation's own server render (prefetches pass, as they ran before)
// and the API's answer to the new page's read.
test.describe('a tab click while the server and the API are slow', () => {
  test.beforeEach(() => control('/faults', { rules: [] }));
  test.afterEach(() => control('/faults', { rules: [] }));

  // The skeleton must show well before a held navigation could answer; the margin absorbs a
  // loaded CI machine's slow frames, not a wait on the server.
  const HELD_MS = 6_000;
  const holdNavigations = (page: Page) =>
    page.route(
      (url) => url.searchParams.has('_rsc'),
      async (route) => {
        if (!route.request().headers()['next-router-prefetch']) await new Promise((resolve) => setTimeout(resolve, HELD_MS));
        await route.fallback();
      },
    );

  // `api`: the new page's read that the sandbox answers slowly (the audit log is the console's own).
  for (const { from, nav, tab, api, heading } of [
    { from: '/catalog/categories', nav: 'Catalog', tab: 'Request templates', api: '/api/v1/request-templates*', heading: 'Request templates' },
    { from: '/catalog/categories', nav: 'Areas', tab: 'Documents', api: '/api/v1/documents*', heading: 'Documents' },
    { from: '/admin/users', nav: 'Admin', tab: 'Audit log', heading: 'Audit log' },
  ]) {
    test(`${nav} → ${tab} shows its skeleton at once`, async ({ page }) => {
      await signIn(page, 'admin', { at: from });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle'); // the links' prefetches have answered
      if (api) await control('/faults', { rules: [{ method: 'GET', path: api, latency_ms: 4_000, times: 3 }] });
      if (api?.startsWith('/api/v1/request-templates')) await outliveCatalogCache(page);
      await holdNavigations(page);
      const before = await page.getByRole('heading', { level: 1 }).textContent();
      await page.getByRole('navigation', { name: nav }).getByRole('link', { name: tab, exact: true }).click();
      await expect(page.getByRole('status', { name: /^Loading/ }).first()).toBeVisible({ timeout: HELD_MS / 2 });
      await expect(page.getByRole('heading', { level: 1, name: before! })).toHaveCount(0);
      await snap(page, `tab-skeleton-${tab.toLowerCase().replace(/\W+/g, '-')}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 15_000 });
      // Rendered, the page waits on the API under its own skeleton, then shows what it read.
      const loading = page.getByRole('status', { name: /^Loading/ });
      if (api) await expect(loading.first()).toBeVisible();
      await expect(loading).toHaveCount(0, { timeout: 15_000 });
    });
  }
});
