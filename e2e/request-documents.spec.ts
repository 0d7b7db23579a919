import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { apiId, control, expect, expectAccessible, expectPhoneFits, signIn, snap, test } from './fixtures.ts';
import { pickDocument, smallPdf, uploadPdf } from './document-picker.ts';

// Document fields of a request form: a search over every document of the app (server-side,
// paged), an inline upload with progress, the name each document is sent under, and signers'
// actor IDs where the workflow accepts per-document signing.

const run = Date.now().toString(36);
let serial = 0;
const externalId = (label: string) => `e2e-${label}-${run}-${++serial}`;
const fieldError = (page: Page, label: string) =>
  page
    .getByLabel(new RegExp(`^${label}( \\*)?$`))
    .locator('xpath=..')
    .getByRole('alert');
const isSearch =
  (q: string, page = 1) =>
  (req: { url(): string; method(): string }) => {
    const url = new URL(req.url());
    return (
      req.method() === 'GET' &&
      url.pathname === '/api/documents' &&
      url.searchParams.get('q') === q &&
      Number(url.searchParams.get('page') ?? 1) === page
    );
  };

async function fillExpense(page: Page) {
  await page.getByLabel(/^Amount/).fill('42.5');
  await page.getByLabel(/^Currency/).selectOption('EUR');
  await page.getByLabel(/^Description/).fill('Team lunch with a client');
  await page.getByLabel(/^Cost center/).fill('CC-1234');
  await page.getByLabel(/^Expense date/).fill('2026-01-20');
}

test.describe('document fields', () => {
  test(
    'search asks the server for any document, is keyboard operable, and pages with More results',
    { tag: '@dialect' },
    async ({ page }) => {
      await signIn(page, 'operator');
      const needleName = `needle-${run}.pdf`;
      const needle = await uploadPdf(page, needleName);
      // More matches than a page holds (25), so the list has a second page.
      const pdf = await smallPdf();
      for (let i = 0; i < 26; i++) await uploadPdf(page, `hay-${run}-${String(i).padStart(2, '0')}.pdf`, pdf);

      await page.goto(`/approvals/new?workflow=${apiId('wf_expense')}`);
      const receipt = page.getByRole('combobox', { name: /^Receipt/ });
      await expect(receipt).toHaveAttribute('aria-expanded', 'false');
      const searched = page.waitForRequest(isSearch(`needle-${run}`));
      await receipt.fill(`needle-${run}`);
      await searched;
      const found = page.getByRole('listbox', { name: 'Documents' }).getByRole('option');
      // Named "name (id)", then what tells it from another of its name.
      await expect(found).toHaveText([
        new RegExp(`^${needleName.replaceAll('.', '\\.')} \\(${needle}\\) *Uploaded .+ · not used yet$`),
      ]);
      await expect(page.getByRole('status').filter({ hasText: `1 shown of 1 document matching “needle-${run}”` })).toHaveCount(1);
      await receipt.press('ArrowDown');
      await receipt.press('Enter');
      await expect(receipt).toHaveValue(`${needleName} (${needle})`);
      await expect(receipt).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByLabel('Receipt: name in the request')).toHaveValue(needleName);

      // Paging: 25 at first, then the rest after "More results".
      const firstPage = page.waitForRequest(isSearch(`hay-${run}`));
      await receipt.fill(`hay-${run}`);
      await firstPage;
      await expect(found.filter({ hasText: `hay-${run}-` })).toHaveCount(25);
      await expect(page.getByRole('option', { name: 'More results' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: `25 shown of 26 documents matching “hay-${run}”` })).toHaveCount(1);
      await expectAccessible(page);
      await snap(page, 'request-documents-picker');
      await expectPhoneFits(page, 'request-documents-picker-phone');
      const secondPage = page.waitForRequest(isSearch(`hay-${run}`, 2));
      await page.getByRole('option', { name: 'More results' }).click();
      await secondPage;
      await expect(found.filter({ hasText: `hay-${run}-` })).toHaveCount(26);
      await expect(page.getByRole('option', { name: 'More results' })).toHaveCount(0);
      // Escape closes without changing the value.
      await receipt.press('Escape');
      await expect(receipt).toHaveValue(`${needleName} (${needle})`);
    },
  );

  test(
    'a PDF uploaded from the field becomes its value; a failed upload keeps the form; the name is editable',
    { tag: '@dialect' },
    async ({ page }) => {
      await signIn(page, 'operator', { at: `/approvals/new?workflow=${apiId('wf_expense')}` });
      await fillExpense(page);
      const file = { name: `inline-${run}.pdf`, mimeType: 'application/pdf', buffer: await smallPdf() };
      const chooser = page.getByLabel('Upload a PDF for Receipt');

      // A refused upload says why at the field, and nothing typed is lost.
      await page.route('**/api/documents', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 422,
              json: { error: { code: 'INVALID_PDF', message: 'The PDF could not be stored.', request_id: 'r1' } },
            })
          : route.fallback(),
      );
      await chooser.setInputFiles(file);
      await expect(page.getByRole('alert').filter({ hasText: 'The upload did not complete.' })).toContainText(
        'The PDF could not be stored.',
      );
      await expect(page.getByLabel(/^Description/)).toHaveValue('Team lunch with a client');
      await expect(page.getByRole('combobox', { name: /^Receipt/ })).toHaveValue('');
      await page.unroute('**/api/documents');

      // Held for a moment on its way, so its progress shows.
      await page.route('**/api/documents', async (route) => {
        if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 1500));
        await route.fallback();
      });
      await chooser.setInputFiles(file);
      await expect(page.getByRole('progressbar', { name: `Uploading ${file.name}` })).toBeVisible();
      await snap(page, 'request-documents-uploading');
      await expect(page.getByRole('combobox', { name: /^Receipt/ })).toHaveValue(new RegExp(`^${file.name} \\(.+\\)$`));
      await expect(page.getByText(`“${file.name}” was uploaded`).first()).toBeVisible();
      await expect(page.getByLabel(/^Description/)).toHaveValue('Team lunch with a client');
      const name = page.getByLabel('Receipt: name in the request');
      await expect(name).toHaveValue(file.name);

      // The name is checked, then sent as edited.
      await name.fill('   ');
      await page.getByRole('button', { name: 'Submit for approval' }).click();
      await expect(fieldError(page, 'Receipt: name in the request')).toHaveText('Give the document a name');
      await name.fill('Lunch receipt, January');
      await expectAccessible(page);
      const external = externalId('inline');
      await page.getByLabel('External ID').fill(external);
      await page.getByRole('button', { name: 'Submit for approval' }).click();
      await expect(page).toHaveURL(/\/approvals\/(?!new$)[^/?#]+$/);
      const documents = page.getByRole('region', { name: 'Documents' });
      await expect(documents).toContainText('Receipt: Lunch receipt, January');
    },
  );

  test(
    'signers are offered where the workflow accepts per-document signing, checked, sent and shown',
    { tag: '@dialect' },
    async ({ page }) => {
      await signIn(page, 'operator');
      const quoteName = `quote-signers-${run}.pdf`;
      const quote = await uploadPdf(page, quoteName);

      // Expense approval does not accept per-document signing: no signers field.
      await page.goto(`/approvals/new?workflow=${apiId('wf_expense')}`);
      await pickDocument(page, /^Receipt/, quoteName, quote);
      await expect(page.getByLabel('Receipt: name in the request')).toBeVisible();
      await expect(page.getByLabel(/signers’ actor IDs/)).toHaveCount(0);

      await page.goto(`/approvals/new?workflow=${apiId('wf_purchase')}`);
      await page.getByLabel(/^Vendor/).fill('Northwind Traders');
      await page.getByLabel(/^Total/).fill('4200');
      await page.getByLabel(/^Needed by/).fill('2030-03-01');
      await page.getByLabel(/^Purchase category/).selectOption('hardware');
      const justification = page.getByLabel(/^Justification/);
      if (await justification.count()) await justification.fill('Replacing the ageing build servers before the spring release.');
      await pickDocument(page, /^Supplier quote/, quoteName, quote);
      const signers = page.getByLabel('Supplier quote: signers’ actor IDs');
      await signers.fill('act_alice\nact bob');
      await page.getByRole('button', { name: 'Submit for approval' }).click();
      await expect(fieldError(page, 'Supplier quote: signers’ actor IDs')).toHaveText(
        '“act bob” has a space: put each actor ID on its own line or separate them with commas',
      );
      await signers.fill('act_alice\nact_bob, act_carol');
      await expectAccessible(page);
      await snap(page, 'request-documents-signers');
      const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/approval-requests');
      await page.getByRole('button', { name: 'Submit for approval' }).click();
      const body = (await sent).postDataJSON() as { documents: { field_key: string; sign_actor_ids?: string[] }[] };
      expect(body.documents).toEqual([
        expect.objectContaining({ field_key: 'quote', name: quoteName, sign_actor_ids: ['act_alice', 'act_bob', 'act_carol'] }),
      ]);
      await expect(page).toHaveURL(/\/approvals\/(?!new$)[^/?#]+$/);
      await expect(page.getByRole('region', { name: 'Documents' })).toContainText(
        'Signers (actor IDs): act_alice, act_bob, act_carol',
      );
    },
  );
});

test.describe('document fields in a revision', () => {
  test(
    'the request’s signers come back in the revision form, where its workflow accepts them, and are resubmitted as edited',
    { tag: '@dialect' },
    async ({ page }) => {
      await signIn(page, 'operator');
      const quoteName = `quote-revise-${run}.pdf`;
      const quote = await uploadPdf(page, quoteName);
      const workflow = (await (await page.request.get(`/api/approval-workflows/${apiId('wf_purchase')}`)).json()) as {
        workflow_release_id: string;
      };
      const created = await page.request.post('/api/approval-requests', {
        data: {
          workflow_id: apiId('wf_purchase'),
          workflow_release_id: workflow.workflow_release_id,
          external_id: externalId('signers-revise'),
          form_data: {
            vendor: 'Northwind Traders',
            total: 4200,
            needed_by: '2030-03-01',
            purchase_category: 'hardware',
            justification: 'Replacing the ageing build servers before the spring release.',
          },
          documents: [{ document_id: quote, field_key: 'quote', name: 'Quote as sent', sign_actor_ids: ['act_alice'] }],
          submit: true,
        },
        headers: { origin: new URL(page.url()).origin, 'idempotency-key': `e2e-${run}-${Math.random().toString(36).slice(2)}` },
      });
      expect(created.status(), await created.text()).toBe(200);
      const id = ((await created.json()) as { id: string }).id;
      await control(`/approval-requests/${id}/actions`, {
        action: 'request_revision',
        requirements: [{ field_key: 'quote', message: 'Add the CFO as a signer.' }],
      });

      // A request record without the flag: the workflow's record decides (wf_purchase accepts).
      const record = `**/api/approval-requests/${id}`;
      await page.route(record, async (route) => {
        const res = await route.fetch();
        const { accepts_per_document_signing: _dropped, ...rest } = (await res.json()) as Record<string, unknown>;
        await route.fulfill({ response: res, json: rest });
      });
      const workflowRead = page.waitForRequest(
        (r) => new URL(r.url()).pathname === `/api/approval-workflows/${apiId('wf_purchase')}`,
      );
      await page.goto(`/approvals/${id}`);
      await workflowRead;
      const revision = page.getByRole('region', { name: 'Revision' });
      await expect(revision.getByLabel('Supplier quote: signers’ actor IDs')).toHaveValue('act_alice');
      await page.unroute(record);
      await page.reload();
      await expect(revision.getByRole('combobox', { name: /^Supplier quote/ })).toHaveValue(
        `Quote as sent — currently attached (${quote})`,
      );
      await expect(revision.getByLabel('Supplier quote: name in the request')).toHaveValue('Quote as sent');
      const signers = revision.getByLabel('Supplier quote: signers’ actor IDs');
      await expect(signers).toHaveValue('act_alice');
      await signers.fill('act_alice, act_cfo');
      await revision.getByLabel('Supplier quote: name in the request').fill('Quote, signed off by the CFO');
      await expectAccessible(page);
      await revision.getByRole('button', { name: 'Resubmit' }).click();
      await expect(page.getByText('Resubmitted: the request is back with the reviewer.')).toBeVisible();
      const documents = page.getByRole('region', { name: 'Documents' });
      await expect(documents).toContainText('Supplier quote: Quote, signed off by the CFO');
      await expect(documents).toContainText('Signers (actor IDs): act_alice, act_cfo');
    },
  );
});

test('three uploads of one name are told apart, and another request’s evidence is not offered', async ({ page }) => {
  await signIn(page, 'operator');
  const fileName = `receipt-${run}.pdf`;
  const threePages = await PDFDocument.create();
  for (let i = 0; i < 3; i++) threePages.addPage([595, 842]);
  const evidence = await uploadPdf(page, fileName);
  const small = await uploadPdf(page, fileName);
  const longer = await uploadPdf(page, fileName, Buffer.from(await threePages.save()));

  // One of them becomes another request's evidence once that request is submitted.
  await page.goto(`/approvals/new?workflow=${apiId('wf_expense')}`);
  await fillExpense(page);
  await pickDocument(page, /^Receipt/, fileName, evidence);
  await page.getByLabel('External ID').fill(externalId('evidence'));
  await page.getByRole('button', { name: 'Submit for approval' }).click();
  await expect(page).toHaveURL(/\/approvals\/(?!new$)[^/?#]+$/);

  await page.goto(`/approvals/new?workflow=${apiId('wf_expense')}`);
  const receipt = page.getByRole('combobox', { name: /^Receipt/ });
  await receipt.fill(fileName);
  const found = page.getByRole('listbox', { name: 'Documents' }).getByRole('option');
  await expect(found).toHaveCount(2);
  await expect(found.filter({ hasText: `(${evidence})` })).toHaveCount(0);
  await expect(found.filter({ hasText: `(${small})` })).toContainText(/Uploaded .+ · 1 page · not used yet/);
  await expect(found.filter({ hasText: `(${longer})` })).toContainText(/Uploaded .+ · 3 pages · not used yet/);
  const leftOut = '1 document found is left out: evidence of another request or package';
  await expect(page.getByRole('paragraph').filter({ hasText: leftOut })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `2 shown of 3 documents matching “${fileName}”` })).toContainText(
    leftOut,
  );
  await expectAccessible(page);
  await snap(page, 'request-documents-same-name');
  await expectPhoneFits(page, 'request-documents-same-name-phone');
});
