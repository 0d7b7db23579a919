import type { Page } from '@playwright/test';
import { apiId, control, expect, expectAccessible, expectPhoneFits, signIn, snap, test } from './fixtures.ts';
import { pickDocument, uploadPdf } from './document-picker.ts';

// Request forms from every construct a submission schema can carry: release 3 of the contract
// review (sandbox/seed/workflows.ts) has nested objects, lists of values and of objects,
// patterns, exclusive bounds, steps, defaults, a choice of titled constants, a constant, a
// date-time and a web address. A construct no form can carry is named, never rendered.

const run = Date.now().toString(36);
let serial = 0;
const externalId = (label: string) => `e2e-${label}-${run}-${++serial}`;
const CONTRACT_SCHEMA = (url: URL) => /\/api\/approval-workflows\/[^/]+\/releases\/3\/submission-schema$/.test(url.pathname);


const alertIn = (scope: ReturnType<Page['getByRole']>, label: RegExp) => scope.getByLabel(label).locator('xpath=..').getByRole('alert');

async function openContractForm(page: Page) {
  await page.goto(`/approvals/new?workflow=${apiId('wf_contract')}`);
  // Exact: an unsupported schema's notice names the release too, and may already show.
  await expect(page.getByText(apiId('wf_contract@3'), { exact: true })).toBeVisible();
}

/** Everything release 3 needs, filled in as a requester would. */
async function fillContract(page: Page, documentId: string) {
  await page.getByLabel(/^Contract reference/).fill('CTR-2026-0042');
  const party = page.getByRole('group', { name: /^Counterparty/ });
  await party.getByLabel(/^Legal name/).fill('Acme GmbH');
  await party.getByLabel(/^Registration number/).fill('HRB12345');
  await party.getByLabel(/^Country/).selectOption('DE');
  await party.getByRole('group', { name: /^Contact/ }).getByLabel(/^E-mail/).fill('legal@acme.example');
  await page.getByLabel(/^Contract value/).fill('12500.50');
  await page.getByLabel(/^Start date/).fill('2030-01-01');
  await page.getByRole('group', { name: 'Signatories', exact: true }).getByLabel(/^Signatory e-mail 1/).fill('ada@example.com');
  await pickDocument(page, /^Contract draft/, run, documentId);
}

test.describe('request forms from any submission schema', () => {
  test('a release with nested groups, lists, patterns, steps and defaults is filled, checked and submitted', async ({ page }) => {
    await signIn(page, 'operator');
    const documentId = await uploadPdf(page, `contract-${run}.pdf`);
    await openContractForm(page);

    // Defaults are prefilled; the constant is shown and cannot be changed; a list needing one entry starts with one row.
    await expect(page.getByLabel(/^Currency/)).toHaveValue('EUR');
    await expect(page.getByLabel(/^Currency/).locator('option:checked')).toHaveText('Euro (EUR)');
    await expect(page.getByLabel(/^Notice period/)).toHaveValue('30');
    await expect(page.getByLabel(/^Notice period/)).toHaveAttribute('step', '15');
    await expect(page.getByLabel(/^Risk level/)).toHaveValue('medium');
    await expect(page.getByLabel('Renews automatically')).not.toBeChecked();
    await expect(page.getByLabel(/^Form version/)).toHaveValue('contract-v3');
    await expect(page.getByLabel(/^Form version/)).toHaveAttribute('readonly', '');
    await expect(page.getByLabel(/^Legal review needed by/)).toHaveAttribute('type', 'datetime-local');
    await expect(page.getByLabel(/^Published terms/)).toHaveAttribute('type', 'url');
    const signatories = page.getByRole('group', { name: 'Signatories', exact: true });
    await expect(signatories.getByRole('textbox')).toHaveCount(1);
    await expect(signatories.getByRole('button', { name: 'Remove Signatory e-mail 1' })).toBeDisabled();
    await expectAccessible(page);

    // Every rule is checked in the browser, with the message at its field, nested or listed.
    await page.getByLabel(/^Contract reference/).fill('C-42');
    await page.getByLabel(/^Contract value/).fill('0');
    await page.getByLabel(/^Notice period/).fill('20');
    await page.getByLabel(/^Published terms/).fill('acme.example/terms');
    const milestones = page.getByRole('group', { name: 'Payment milestones', exact: true });
    await milestones.getByRole('button', { name: 'Add milestone' }).click();
    const first = milestones.getByRole('group', { name: /^Milestone 1/ });
    await first.getByLabel(/^Due on/).fill('2030-02-01');
    await signatories.getByRole('button', { name: 'Add signatory e-mail' }).click();
    await signatories.getByLabel(/^Signatory e-mail 1/).fill('ada@example.com');
    await signatories.getByLabel(/^Signatory e-mail 2/).fill('ada@example.com');
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(alertIn(page.getByRole('main'), /^Contract reference/)).toHaveText('Must have the expected form: As on the draft, e.g. CTR-2026-0042 (the exact rule is the pattern ^CTR-[0-9]{4}-[0-9]{3,6}$)');
    await expect(alertIn(page.getByRole('main'), /^Contract value/)).toHaveText('Must be greater than 0');
    await expect(alertIn(page.getByRole('main'), /^Notice period/)).toHaveText('Must be a multiple of 15');
    await expect(alertIn(page.getByRole('main'), /^Published terms/)).toHaveText('Must be a full address with its scheme, like https://example.com');
    await expect(alertIn(page.getByRole('main'), /^Legal name/)).toHaveText('Required');
    await expect(alertIn(first, /^Label/)).toHaveText('Required');
    // A repeat is named at its own entry, with the entry it repeats; each entry is numbered.
    await expect(alertIn(signatories, /^Signatory e-mail 2/)).toHaveText('Repeats entry 1: a list of unique entries');
    await expect(alertIn(signatories, /^Signatory e-mail 1/)).toHaveCount(0);
    await snap(page, 'request-schema-errors');

    await fillContract(page, documentId);
    await page.getByLabel(/^Notice period/).fill('45');
    await page.getByLabel(/^Published terms/).fill('https://acme.example/terms');
    await page.getByLabel(/^Legal review needed by/).fill('2029-12-20T09:30');
    // Corrected, an entry's message goes at once, without another submit.
    await signatories.getByLabel(/^Signatory e-mail 2/).fill('grace@example.com');
    await expect(signatories.getByRole('alert')).toHaveCount(0);
    await first.getByLabel(/^Label/).fill('Signature');
    await first.getByLabel(/^Amount/).fill('2500');
    await page.getByLabel(/^Currency/).selectOption({ label: 'Pound sterling (GBP)' });
    await expectPhoneFits(page, 'request-schema-form-phone');
    const external = externalId('contract');
    await page.getByLabel('External ID').fill(external);
    // A new entry left empty is named at the entry; filled in, its "Required" goes at once.
    await signatories.getByRole('button', { name: 'Add signatory e-mail' }).click();
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(alertIn(signatories, /^Signatory e-mail 3/)).toHaveText('Required');
    await signatories.getByLabel(/^Signatory e-mail 3/).fill('alan@example.com');
    await expect(alertIn(signatories, /^Signatory e-mail 3/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Submit for approval' }).click();

    await expect(page).toHaveURL(/\/approvals\/(?!new$)[^/?#]+$/);
    await expect(page.getByRole('heading', { name: external })).toBeVisible();
    const data = page.getByRole('region', { name: 'Form data' });
    // Groups and lists read as such, by their titles; choices by their titles; amounts in the chosen currency.
    await expect(data).toContainText('Counterparty');
    await expect(data).toContainText('Acme GmbH');
    await expect(data).toContainText('legal@acme.example');
    await expect(data).toContainText('grace@example.com');
    await expect(data).toContainText('Pound sterling (GBP)');
    await expect(data).toContainText('£12,500.50');
    await expect(data).toContainText('Signature');
    await expect(data).toContainText('contract-v3');
    await expect(page.getByRole('region', { name: 'Documents' })).toContainText(`Contract draft: contract-${run}.pdf`);
    await expectAccessible(page);
    await snap(page, 'request-schema-detail');
  });

  test('a construct the console cannot carry is named with its field, the raw schema shown, and no form offered', async ({ page }) => {
    await signIn(page, 'operator');
    await page.route(CONTRACT_SCHEMA, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { schema: { properties: Record<string, Record<string, unknown>> } };
      const party = body.schema.properties.counterparty as { properties: Record<string, unknown> };
      party.properties.contact = { $ref: '#/$defs/contact' };
      body.schema.properties.risk_level = { anyOf: [{ type: 'string' }, { type: 'integer' }] };
      await route.fulfill({ response: res, json: body });
    });
    await openContractForm(page);
    const notice = page.getByRole('alert').filter({ hasText: 'uses constructs this console does not support' });
    await expect(notice.getByRole('list', { name: 'Unsupported constructs' })).toContainText('Field "counterparty.contact" uses "$ref"');
    await expect(notice).toContainText('Field "risk_level" uses "anyOf"');
    await expect(page.getByRole('button', { name: 'Submit for approval' })).toHaveCount(0);
    await notice.getByText(`Raw JSON Schema of ${apiId('wf_contract@3')}`).click();
    await expect(notice.getByRole('region', { name: `Raw JSON Schema of ${apiId('wf_contract@3')}` })).toContainText('#/$defs/contact');
    await expectAccessible(page);
    await snap(page, 'request-schema-unsupported');

    // The catalog names them too, above the fields it can read.
    await page.goto(`/catalog/approval-workflows/${apiId('wf_contract')}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Field "counterparty.contact" uses "$ref"' })).toBeVisible();
  });

  test('the API’s refusal lands on the nested and listed fields it names', async ({ page }) => {
    await signIn(page, 'operator');
    const documentId = await uploadPdf(page, `contract-422-${run}.pdf`);
    // A host whose rules go beyond the schema (a registry check, a ledger) refuses what the form took.
    await page.route('**/api/approval-requests', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await route.fulfill({
        status: 422,
        json: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'The content was refused.',
            details: [
              { path: 'form_data.counterparty.registration_number', field_key: 'counterparty', message: 'is not in the company register' },
              { path: 'form_data.signatories.0', field_key: 'signatories', message: 'has no account in the signing service' },
            ],
          },
        },
      });
    });
    await openContractForm(page);
    await fillContract(page, documentId);
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    const party = page.getByRole('group', { name: /^Counterparty/ });
    await expect(alertIn(party, /^Registration number/)).toHaveText('Is not in the company register');
    await expect(page.getByRole('group', { name: 'Signatories', exact: true }).getByRole('alert')).toHaveText('Has no account in the signing service');
    // Nothing typed is lost.
    await expect(party.getByLabel(/^Legal name/)).toHaveValue('Acme GmbH');
    await expect(page).toHaveURL(/\/approvals\/new/);
    await snap(page, 'request-schema-api-422');
  });
});

test.describe('the revision loop', () => {
  const headers = (page: Page) => ({ origin: new URL(page.url()).origin, 'idempotency-key': `e2e-${run}-${Math.random().toString(36).slice(2)}` });
  const ACCESS = { system: 'crm', access_level: 'read', justification: 'Quarterly sales reporting', access_until: '2030-12-31' };

  test('a conflict whose re-read fails keeps the form and every edit, and the next attempt shows the change view', async ({ page }) => {
    await signIn(page, 'operator');
    const created = await page.request.post('/api/approval-requests', {
      data: { workflow_id: apiId('wf_access'), workflow_release_id: apiId('wf_access@2'), external_id: externalId('reread'), form_data: ACCESS, submit: true },
      headers: headers(page),
    });
    expect(created.status(), await created.text()).toBe(200);
    const id = ((await created.json()) as { id: string }).id;
    await control(`/approval-requests/${id}/actions`, { action: 'request_revision', comment: 'Which project?' });
    await page.goto(`/approvals/${id}`);
    const panel = page.getByRole('region', { name: 'Revision' });
    await panel.getByLabel('Business justification').fill('Mine: reporting for Project Atlas');
    await panel.getByLabel('Access until').fill('2031-03-31');

    // Someone else saves a draft, quoting the same versions: the page's are now stale.
    const before = (await (await page.request.get(`/api/approval-requests/${id}/revision-requirements`)).json()) as { version: number; task: { version: number } };
    const theirs = await page.request.patch(`/api/approval-requests/${id}/revision-draft`, {
      data: { expected_version: before.version, expected_task_version: before.task.version, form_data: { ...ACCESS, justification: 'Theirs: reporting for Project Zephyr' } },
      headers: headers(page),
    });
    expect(theirs.status(), await theirs.text()).toBe(200);

    // The re-read after the conflict fails: the API is down for a moment.
    const reads = (url: URL) => url.pathname.endsWith(`/approval-requests/${id}/revision-requirements`) || url.pathname.endsWith(`/approval-requests/${id}`);
    await page.route(reads, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 503, json: { error: { code: 'UPSTREAM_UNAVAILABLE', message: 'The Signing API could not be reached.' } } })
        : route.fallback(),
    );
    await panel.getByRole('button', { name: 'Resubmit' }).click();
    await expect(panel.getByRole('alert').filter({ hasText: 'reading it again failed' })).toContainText('everything you typed is still here', { timeout: 20_000 });
    await expect(panel.getByLabel('Business justification')).toHaveValue('Mine: reporting for Project Atlas');
    await expect(panel.getByLabel('Access until')).toHaveValue('2031-03-31');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await snap(page, 'revision-reread-failed');

    // Back up: the next attempt conflicts again, reads again, and shows what changed.
    await page.unroute(reads);
    await panel.getByRole('button', { name: 'Resubmit' }).click();
    const notice = panel.getByRole('alert').filter({ hasText: 'This request changed while you were editing' });
    await expect(notice.getByRole('list', { name: 'Changed fields' })).toContainText('Business justification: “Quarterly sales reporting” → “Theirs: reporting for Project Zephyr”');
    await expect(panel.getByLabel('Business justification')).toHaveValue('Mine: reporting for Project Atlas');
    await expect(panel.getByLabel('Access until')).toHaveValue('2031-03-31');
    await panel.getByRole('button', { name: 'Resubmit' }).click();
    await expect(page.getByText('Resubmitted: the request is back with the reviewer.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Form data' })).toContainText('Mine: reporting for Project Atlas');
  });
});
