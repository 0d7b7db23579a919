import type { Page, Request } from '@playwright/test';
import { newIdempotencyKey } from '../lib/idempotency.ts';
import { apiId, expect, expectAccessible, signIn, snap, test } from './fixtures.ts';

// Admin actions on the catalog: creating a category (checked before sending, API refusals
// on the fields, one Idempotency-Key per submission) and archiving with a reason.

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

const isCreate = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/categories';

async function createCategory(page: Page, baseURL: string, name: string) {
  const res = await page.request.post('/api/categories', {
    headers: { origin: baseURL, 'idempotency-key': newIdempotencyKey('e2e') },
    data: { name, description: 'Made by the archive journey.' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: string; name: string };
}

test.describe('catalog admin actions', () => {
  test('an admin creates a category: field errors before sending, a taken name on the field, one key across a retried submission', { tag: '@dialect' }, async ({ page }) => {
    await signIn(page, 'admin', { at: '/catalog/categories' });
    const creates: Request[] = [];
    page.on('request', (r) => {
      if (isCreate(r)) creates.push(r);
    });

    await page.getByRole('button', { name: 'New category' }).click();
    const dialog = page.getByRole('dialog', { name: 'New category' });
    await expect(dialog).toBeVisible();
    const name = dialog.getByLabel(/^Name/);
    const description = dialog.getByLabel(/^Description/);
    const submit = dialog.getByRole('button', { name: 'Create category' });

    // Checked in the browser: nothing is sent
    await name.fill('F');
    await description.fill('d'.repeat(501));
    await submit.click();
    await expect(dialog.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(dialog.getByText('Description must be at most 500 characters')).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toBeFocused();
    await expectAccessible(page);
    expect(creates).toHaveLength(0);

    // A name an active category already has: the API's 409 lands on the name field
    await name.fill('finance');
    await description.fill('Duplicate of the seeded category.');
    await submit.click();
    await expect(dialog.getByText(/An active category is already named “Finance”\..*Choose another name\./)).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    // Said once, in the dialog: no toast repeats it.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await expect(description).toHaveValue('Duplicate of the seeded category.');
    await snap(page, 'admin-category-duplicate');
    expect(creates).toHaveLength(1);

    // A 422 with field details from the API is shown on the field it names
    await page.route('**/api/categories', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 422,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'Invalid body', details: [{ path: 'description', message: 'must not contain control characters' }] } }),
          })
        : route.continue(),
    );
    const title = unique('QA category');
    await name.fill(title);
    await submit.click();
    await expect(dialog.getByText('must not contain control characters')).toBeVisible();
    await expect(description).toHaveAttribute('aria-invalid', 'true');
    await page.unroute('**/api/categories');

    // The network fails: the entries stay, and the retry carries the same Idempotency-Key
    await page.route('**/api/categories', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()));
    await description.fill('Created by the admin journey.');
    await submit.click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'could not be reached' })).toContainText('Your entries are kept');
    await expect(name).toHaveValue(title);
    await expect(description).toHaveValue('Created by the admin journey.');
    await page.unroute('**/api/categories');
    const created = page.waitForResponse((r) => isCreate(r.request()) && r.status() === 200);
    await submit.click();
    await created;
    await expect(page.getByText(`Category “${title}” created`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const keys = creates.map((r) => r.headers()['idempotency-key']);
    // 409, 422, network failure, retry: the retry reused its submission's key, every other submission had its own
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(3);
    expect(keys[3]).toBe(keys[2]);
    expect(keys.every((k) => /^[!-~]{8,160}$/.test(k ?? ''))).toBe(true);

    // The list was refreshed: the new category is there
    await page.getByLabel('Search categories').fill(title);
    await expect(page.getByRole('table', { name: 'Categories' }).locator('tbody tr')).toHaveCount(1);
    await expect(page.getByRole('table', { name: 'Categories' }).getByRole('link', { name: title })).toBeVisible();
    await snap(page, 'admin-category-created');

    // Opening the dialog again starts a clean form
    await page.getByRole('button', { name: 'New category' }).click();
    await expect(dialog.getByLabel(/^Name/)).toHaveValue('');
  });

  test('an admin archives a category with a reason, behind a confirmation that names it', async ({ page, baseURL }) => {
    await signIn(page, 'admin');
    const category = await createCategory(page, baseURL!, unique('To archive'));
    await page.goto(`/catalog/categories/${category.id}`);
    await expect(page.getByRole('heading', { name: category.name, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Archive category' }).click();
    const dialog = page.getByRole('dialog', { name: `Archive category “${category.name}”?` });
    await expect(dialog).toContainText(category.id);
    // What the API then does (README "Archived categories"), not what it does not.
    await expect(dialog).toContainText(
      'New requests on the workflows filed under it are refused from now on, whether submitted or saved as drafts. Requests already started continue, revisions included.',
    );
    await dialog.getByLabel(/^Reason/).fill('old');
    await dialog.getByRole('button', { name: 'Archive category' }).click();
    await expect(dialog.getByText('Give a reason of at least 5 characters')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel(/^Reason/).fill('Replaced by a newer category');
    await dialog.getByRole('button', { name: 'Archive category' }).click();
    await expect(page.getByText(`Category “${category.name}” archived`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Reason: Replaced by a newer category')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }).locator('..').getByText('Archived', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Archive category' })).toHaveCount(0);
    await snap(page, 'admin-category-archived');

    const res = await page.request.get(`/api/categories/${category.id}`);
    expect(((await res.json()) as { status: string }).status).toBe('archived');
    await page.goto('/catalog/categories?status=archived');
    await expect(page.getByRole('table', { name: 'Categories' }).getByRole('link', { name: category.name })).toBeVisible();
  });

  test('archiving a workflow that requests still use is refused with the API’s explanation, and it stays active', { tag: '@dialect' }, async ({ page, browser, baseURL }) => {
    // An operator starts an approval request on wf_access, which puts the workflow in use
    const operatorContext = await browser.newContext({ baseURL });
    const operator = await operatorContext.newPage();
    await signIn(operator, 'operator');
    const submitted = await operator.request.post('/api/approval-requests', {
      headers: { origin: baseURL!, 'idempotency-key': newIdempotencyKey('e2e') },
      data: {
        workflow_id: apiId('wf_access'),
        workflow_release_id: apiId('wf_access@2'),
        external_id: `e2e-access-${Date.now()}`,
        form_data: { system: 'crm', access_level: 'read', justification: 'Quarterly pipeline reporting for the sales team', access_until: '2031-06-30' },
        submit: true,
      },
    });
    expect(submitted.ok(), await submitted.text()).toBe(true);
    const blocker = (await submitted.json()) as { id: string; external_id: string; status: string };
    expect(blocker.status).toBe('IN_PROGRESS');
    // Another client saved a draft at the API: nothing can ever submit or delete it there.
    const drafted = await operator.request.post('/api/approval-requests', {
      headers: { origin: baseURL!, 'idempotency-key': newIdempotencyKey('e2e') },
      data: {
        workflow_id: apiId('wf_access'),
        workflow_release_id: apiId('wf_access@2'),
        external_id: `e2e-access-draft-${Date.now()}`,
        form_data: { system: 'crm', access_level: 'read', justification: 'Saved by another client, never submitted', access_until: '2031-06-30' },
        submit: false,
      },
    });
    expect(drafted.ok(), await drafted.text()).toBe(true);
    await operatorContext.close();

    await signIn(page, 'admin', { at: apiId('/catalog/approval-workflows/wf_access') });
    await expect(page.getByRole('heading', { name: 'System access', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Archive workflow' }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive workflow “System access”?' });
    await expect(dialog).toContainText(apiId('wf_access'));
    await dialog.getByLabel(/^Reason/).fill('Access is now granted through the IAM portal');
    await dialog.getByRole('button', { name: 'Archive workflow' }).click();
    const refusal = dialog.getByRole('alert').filter({ hasText: 'Requests still use this workflow' });
    await expect(refusal).toContainText('cannot be archived');
    // The states in words, and a link to each request in the way (other journeys' requests may be there too).
    await expect(refusal).not.toContainText('IN_PROGRESS');
    await expect(dialog).toContainText(/\d+ requests? (is|are) still in progress/);
    // A draft at the API blocks for good, and the dialog says so rather than "once decided".
    await expect(dialog).toContainText(
      'A draft saved at the API cannot be submitted or deleted through the API, so the workflow can be archived only once whoever made it removes it in the workspace, and the other requests are approved or rejected.',
    );
    // One condition, said once: no "until they are finished" beside it (issue 35).
    await expect(refusal).toHaveText('Requests still use this workflow, so it cannot be archived while they do.');
    await expect(dialog).not.toContainText(/until they are finished|cannot be archived at all|Once they are approved or rejected/);
    const blockers = dialog.getByRole('list', { name: 'Requests that use this workflow' });
    await expect(blockers.getByRole('link', { name: blocker.external_id })).toHaveAttribute('href', `/approvals/${blocker.id}`);
    await expect(dialog.getByLabel(/^Reason/)).toHaveValue('Access is now granted through the IAM portal');
    // Said once: in the dialog, with no toast repeating it.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'admin-workflow-in-use');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 }).locator('..').getByText('Active', { exact: true })).toBeVisible();
    const res = await page.request.get(apiId('/api/approval-workflows/wf_access'));
    expect(((await res.json()) as { status: string }).status).toBe('active');
  });

  test('archiving a request form says what it does, and then its workflow starts no new request', { tag: '@dialect' }, async ({ page, browser, baseURL }) => {
    // An operator has the leave form open, filled in, before the archive.
    const operatorContext = await browser.newContext({ baseURL });
    const operator = await operatorContext.newPage();
    await signIn(operator, 'operator');
    await operator.goto(apiId('/approvals/new?workflow=wf_leave'));
    await operator.getByLabel(/^First day of leave/).fill('2030-07-01');
    await operator.getByLabel(/^Last day of leave/).fill('2030-07-12');
    await operator.getByLabel(/^Type of leave/).selectOption('annual');
    await operator.getByLabel(/^Working days requested/).fill('10');
    await operator.getByLabel(/^Handover contact e-mail/).fill('cover@example.com');

    await signIn(page, 'admin', { at: apiId('/catalog/request-forms/rf_leave') });
    await page.getByRole('button', { name: 'Archive request form' }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive request form “Leave request form”?' });
    await expect(dialog).toContainText(apiId('rf_leave'));
    // The dialog promises exactly what the API then does.
    await expect(dialog).toContainText(
      apiId('New requests on its workflow, Leave approval (wf_leave), are refused from now on, whether submitted or saved as drafts. Requests already started on it continue, revisions included. The workflow itself stays active.'),
    );
    await expectAccessible(page);
    await snap(page, 'admin-request-form-archive-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 }).locator('..').getByText('Active', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Archive request form' }).click();
    await dialog.getByLabel(/^Reason/).fill('Leave moves to the HR portal');
    await dialog.getByRole('button', { name: 'Archive request form' }).click();
    await expect(page.getByText('Request form “Leave request form” archived')).toBeVisible();
    await expect(page.getByText('Its workflow accepts no new requests; requests already started continue.')).toBeVisible();
    await page.goto(apiId('/catalog/approval-workflows/wf_leave'));
    await expect(page.getByRole('heading', { level: 1 }).locator('..').getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByText('request form archived: no new requests')).toBeVisible();

    // The form opened before the archive is refused, and says why.
    await operator.getByRole('button', { name: 'Submit for approval' }).click();
    const refusal = operator.getByRole('alert').filter({ hasText: '“Leave approval” accepts no new requests' });
    await expect(refusal).toContainText('its request form “Leave request form” is archived');
    await expect(refusal).toContainText(apiId('rf_leave'));
    await snap(operator, 'approvals-new-archived-form-refused');

    // The request-start screen no longer offers it, and a link to it explains.
    await operator.goto('/approvals/new');
    const option = operator.getByLabel('Workflow').locator('option', { hasText: 'Leave approval' });
    await expect(option).toBeDisabled();
    await expect(option).toHaveText('Leave approval (not available: its request form “Leave request form” is archived)');
    await operator.goto(apiId('/approvals/new?workflow=wf_leave'));
    await expect(operator.getByRole('alert').filter({ hasText: '“Leave approval” accepts no new requests' })).toBeVisible();
    await expect(operator.getByRole('form', { name: 'Approval request' })).toHaveCount(0);
    await expectAccessible(operator);
    await operatorContext.close();
  });

  for (const role of ['viewer', 'operator', 'sender'] as const) {
    test(`${role === 'operator' ? 'an' : 'a'} ${role} sees no admin action in the catalog, and the console refuses one`, async ({ page, baseURL }) => {
      await signIn(page, role, { at: '/catalog/categories' });
      await expect(page.getByRole('table', { name: 'Categories' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'New category' })).toHaveCount(0);
      for (const [path, title] of [
        ['/catalog/categories/cat_legal', 'Legal'],
        ['/catalog/approval-workflows/wf_contract', 'Contract review'],
        ['/catalog/request-forms/rf_contract', 'Contract review request form'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
        await expect(page.getByRole('button', { name: /^Archive/ })).toHaveCount(0);
      }
      const refused = await page.request.post('/api/categories/cat_legal/archive', {
        headers: { origin: baseURL!, 'idempotency-key': newIdempotencyKey('e2e') },
        data: { reason: 'Not allowed for this role' },
      });
      expect(refused.status()).toBe(403);
    });
  }
});
