import type { Page } from '@playwright/test';
import { expect, expectAccessible, outlastRetries, signIn, snap, test } from './fixtures.ts';

// The send page's template picker searches and pages the whole catalog on the server, keeps the
// chosen template whatever is on screen, and opens any template a link names; the expiry is the
// sender's choice, never filled in for them. Nothing here sends a package or moves the sandbox.

const LIST = '/api/document-sign-templates';
const isList = (url: string) => new URL(url).pathname === LIST;

const picker = (page: Page) => page.getByRole('group', { name: 'Template', exact: true });
const results = (page: Page) => page.getByRole('radiogroup', { name: 'Templates' });
const group = (page: Page, name: string) => page.getByRole('group', { name });

/**
 * The sandbox seeds five templates and the API's smallest page is 25, so a catalog that spans
 * pages is made here: 25 stand-ins ahead of the seeded templates, searched and paged as the API
 * does. The seeded ones come through the real console route, so one chosen on page 2 is fetched,
 * previewed and reviewed by the real API.
 */
async function catalogOverOnePage(page: Page) {
  const standIns = Array.from({ length: 25 }, (_, i) => ({
    id: `dst_standin_${i + 1}`,
    name: `Stand-in agreement ${String(i + 1).padStart(2, '0')}`,
    description: 'Fills the first page of results.',
    status: 'active',
    api_enabled: true,
    page_count: 1,
    versions: [],
    sender_fields: [],
    slots: [{ slot_id: 'signer', label: 'Signer', recipient_kind: 'external' }],
  }));
  await page.route(
    (url) => url.pathname === LIST,
    async (route) => {
      const url = new URL(route.request().url());
      const q = url.searchParams.get('q') ?? '';
      const size = Number(url.searchParams.get('size') ?? 25);
      const n = Number(url.searchParams.get('page') ?? 1);
      const real = await route.fetch({ url: `${url.origin}${LIST}?size=100${q ? `&q=${encodeURIComponent(q)}` : ''}` });
      const seeded = ((await real.json()) as { data: unknown[] }).data;
      const all = [...standIns.filter((t) => t.name.toLowerCase().includes(q.toLowerCase())), ...seeded];
      const pagination = { page: n, size, total: all.length, pages: Math.ceil(all.length / size) };
      await route.fulfill({ json: { data: all.slice((n - 1) * size, n * size), pagination } });
    },
  );
}

async function fillOffer(page: Page) {
  const values = group(page, 'Values in the document');
  await values.getByLabel('Candidate name').fill('Ada Lovelace');
  await values.getByLabel('Position').fill('Analytical engineer');
  await values.getByLabel('Start date').fill('2026-03-01');
  await values.getByLabel('Annual salary').fill('85000');
  const candidate = group(page, 'Signer: Candidate');
  await candidate.getByLabel('Name').fill('Ada Lovelace');
  await candidate.getByLabel('E-mail').fill('ada@example.com');
  await candidate.getByLabel('Phone').fill('+4915112345678');
}

test.describe('template picker', () => {
  test('search narrows the templates on the server, and the chosen one stays chosen', async ({ page }) => {
    await signIn(page, 'sender');
    const searches: string[] = [];
    page.on('request', (r) => {
      if (isList(r.url()) && new URL(r.url()).searchParams.has('q')) searches.push(new URL(r.url()).searchParams.get('q') ?? '');
    });
    await page.goto('/packages/new');
    await expect(picker(page).getByText('5 templates', { exact: true })).toBeVisible();
    await expect(results(page).getByRole('radio')).toHaveCount(5);
    // Each template says who signs it: its slots and their recipient kind.
    const nda = results(page).getByRole('radio', { name: 'Mutual non-disclosure agreement' });
    await expect(nda).toHaveAccessibleDescription(/2 external signers: Company signatory, Counterparty signatory/);
    await expect(results(page).getByRole('radio', { name: 'Board resolution' })).toBeDisabled();

    await nda.check();
    await expect(picker(page).getByText('Chosen: Mutual non-disclosure agreement')).toBeVisible();
    const company = group(page, 'Signer: Company signatory');
    await company.getByLabel('Name').fill('Grace Hopper');

    // Typed in one go: one request after the pause, carrying q, and the server's answer shown.
    const search = picker(page).getByLabel('Search templates');
    const searched = page.waitForResponse((r) => isList(r.url()) && new URL(r.url()).searchParams.get('q') === 'offer');
    await search.pressSequentially('offer', { delay: 40 });
    expect((await searched).status()).toBe(200);
    await expect(results(page).getByRole('radio')).toHaveCount(1);
    await expect(results(page).getByRole('radio', { name: 'Offer letter' })).toHaveAccessibleDescription(/1 external signer: Candidate/);
    await expect(picker(page).getByText('1 template matches “offer”')).toBeVisible();
    expect(searches).toEqual(['offer']);

    // The search hid the chosen template; it is still the chosen one, and the form still its form.
    await expect(results(page).getByRole('radio', { name: 'Mutual non-disclosure agreement' })).toHaveCount(0);
    await expect(picker(page).getByText('Chosen: Mutual non-disclosure agreement')).toBeVisible();
    await expect(company.getByLabel('Name')).toHaveValue('Grace Hopper');

    await search.fill('zzz-no-such-template');
    await expect(picker(page).getByText('No template matches “zzz-no-such-template”')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'template-picker-no-match');
    await picker(page).getByRole('button', { name: 'Clear search' }).click();
    await expect(search).toHaveValue('');
    await expect(search).toBeFocused();
    await expect(results(page).getByRole('radio')).toHaveCount(5);
    await expect(nda).toBeChecked();

    // Done choosing: the results fold away behind the summary, and come back to change.
    await picker(page).getByRole('button', { name: 'Hide templates' }).click();
    await expect(results(page)).toHaveCount(0);
    await picker(page).getByRole('button', { name: 'Change' }).click();
    await expect(nda).toBeChecked();
  });

  test('a link to a template that cannot be used, or does not exist, says so and offers the list', async ({ page }) => {
    await signIn(page, 'sender', { at: '/packages/new?template=dst_board' });
    await expect(picker(page)).toContainText('Board resolution cannot be used. Not enabled for API use');
    await expect(results(page).getByRole('radio')).toHaveCount(5);
    await expect(page.getByText('Choose a template to fill in its values and signers.')).toBeVisible();

    await page.goto('/packages/new?template=dst_no_such_template');
    await expect(picker(page)).toContainText('No template “dst_no_such_template” is available to this app');
    await results(page).getByRole('radio', { name: 'Offer letter' }).check();
    await expect(group(page, 'Signer: Candidate')).toBeVisible();
  });

  test('a failed list says so and loads again on Try again', async ({ page }) => {
    await signIn(page, 'sender');
    let down = true;
    await page.route(
      (url) => url.pathname === LIST,
      (route) => (down ? route.fulfill({ status: 503, json: { error: { code: 'MAINTENANCE', message: 'The Signing API is down for maintenance.' } } }) : route.fallback()),
    );
    await page.clock.install();
    await page.goto('/packages/new');
    await expect(page.getByTestId('query-struggle')).toContainText('The Signing API is not answering; retrying in');
    const failed = page.getByRole('alert').filter({ hasText: 'The templates could not be loaded' });
    await outlastRetries(page, failed);
    await expect(failed).toContainText('The Signing API is down for maintenance.');
    down = false;
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(results(page).getByRole('radio')).toHaveCount(5);
  });

  test('paging reaches a template past the first page, and a link to it opens it', async ({ page }) => {
    await signIn(page, 'sender');
    await catalogOverOnePage(page);
    await page.goto('/packages/new');
    await expect(picker(page).getByText('30 templates · showing 1–25')).toBeVisible();
    await expect(results(page).getByRole('radio')).toHaveCount(25);
    await expect(results(page).getByRole('radio', { name: 'Offer letter' })).toHaveCount(0);

    const second = page.waitForRequest((r) => isList(r.url()) && new URL(r.url()).searchParams.get('page') === '2');
    await picker(page).getByRole('button', { name: 'Next' }).click();
    await second;
    await expect(picker(page).getByText('30 templates · showing 26–30')).toBeVisible();
    await expect(picker(page).getByText('Page 2 of 2')).toBeVisible();
    await results(page).getByRole('radio', { name: 'Offer letter' }).check();
    await expect(picker(page).getByText('Chosen: Offer letter')).toBeVisible();
    await expect(group(page, 'Signer: Candidate')).toBeVisible();
    await expectAccessible(page);

    // A link to it: the template is fetched by id, although the first page does not hold it.
    const byId = page.waitForResponse((r) => new URL(r.url()).pathname === `${LIST}/dst_offer`);
    await page.goto('/packages/new?template=dst_offer');
    expect((await byId).status()).toBe(200);
    await expect(picker(page).getByText('Chosen: Offer letter')).toBeVisible();
    await expect(results(page)).toHaveCount(0);
    await expect(group(page, 'Signer: Candidate')).toBeVisible();
    await picker(page).getByRole('button', { name: 'Change' }).click();
    await expect(results(page).getByRole('radio')).toHaveCount(25);
    await expect(results(page).getByRole('radio', { name: 'Offer letter' })).toHaveCount(0);
    await expect(picker(page).getByText('Chosen: Offer letter')).toBeVisible();
    await snap(page, 'template-picker-chosen-off-page');
  });

  test('the sender chooses how long signers have; a quick pick fills the days, kept across template switches', async ({ page }) => {
    await signIn(page, 'sender');
    const previews: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/packages/preview') previews.push(r.postDataJSON());
    });
    await page.goto('/packages/new?template=dst_offer');
    await fillOffer(page);
    const expiry = group(page, 'Expiry');
    const days = expiry.getByLabel('Days to sign');
    await expect(days).toHaveValue('');

    // Nothing chosen: the form says so and nothing is asked of the API.
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(days).toHaveAttribute('aria-invalid', 'true');
    await expect(days).toBeFocused();
    await expect(expiry.getByRole('alert')).toHaveText('Choose how long signers have to sign');
    expect(previews).toEqual([]);

    await expiry.getByRole('button', { name: '14 days' }).click();
    await expect(days).toHaveValue('14');
    await expect(expiry.getByRole('button', { name: '14 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(expiry.getByRole('alert')).toHaveCount(0);
    await expect(days).toHaveAccessibleDescription(/^If sent now: until about \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);
    await expectAccessible(page);
    await snap(page, 'template-picker-expiry-chosen');

    // Another template has its own draft, with no expiry chosen yet; coming back keeps this one's.
    await picker(page).getByRole('button', { name: 'Change' }).click();
    await results(page).getByRole('radio', { name: 'Mutual non-disclosure agreement' }).check();
    await expect(group(page, 'Expiry').getByLabel('Days to sign')).toHaveValue('');
    await group(page, 'Expiry').getByRole('button', { name: '90 days' }).click();
    await results(page).getByRole('radio', { name: 'Offer letter' }).check();
    await expect(days).toHaveValue('14');
    await expect(group(page, 'Signer: Candidate').getByLabel('E-mail')).toHaveValue('ada@example.com');

    const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/packages/preview');
    await page.getByRole('button', { name: 'Preview' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ template_id: 'dst_offer', expires_in_days: 14 });
    await expect(page.getByRole('region', { name: /Populated preview of Offer letter, pages/ })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('complementary', { name: 'Review before sending' })).toContainText('14 days after sending');

    // Back to the details: the chosen expiry is still there.
    await page.getByRole('button', { name: 'Edit details' }).click();
    await expect(days).toHaveValue('14');
    await expect(picker(page).getByText('Chosen: Offer letter')).toBeVisible();
  });
});
