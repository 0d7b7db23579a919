import { apiId, control, expect, signIn, snap, test } from './fixtures.ts';
import { pickDocument, uploadPdf } from './document-picker.ts';

// A workflow release published while a requester fills in its form, for real: the sandbox's
// control plane publishes it (DESIGN.md section 4), so the API refuses the stale release the
// form was pinned to. Changes the world (the workflow's current release), so it runs apart.

const run = Date.now().toString(36);

test.describe('a release published mid-form', () => {
  test('the refused submission moves to the new release, keeps every value, and adds its new group', async ({ page }) => {
    await signIn(page, 'operator');
    const quote = await uploadPdf(page, `quote-${run}.pdf`);

    const read = await page.request.get(`/api/approval-workflows/${apiId('wf_purchase')}`);
    const current = ((await read.json()) as { workflow_release_id: string }).workflow_release_id;
    const number = Number(current.split('@').pop());
    await page.goto(`/approvals/new?workflow=${apiId('wf_purchase')}`);
    await expect(page.getByText(current)).toBeVisible();
    await page.getByLabel(/^Vendor/).fill('Northwind Traders');
    await page.getByLabel(/^Total/).fill('4200');
    await page.getByLabel(/^Needed by/).fill('2030-03-01');
    await page.getByLabel(/^Purchase category/).selectOption('hardware');
    await pickDocument(page, /^Supplier quote/, `quote-${run}`, quote);
    await page.getByLabel(/^Justification/).fill('Replacing the ageing build servers before the spring release.');

    // Meanwhile the workflow's owner publishes a release that also asks where to deliver.
    const schemaRes = await page.request.get(`/api/approval-workflows/${apiId('wf_purchase')}/releases/${number}/submission-schema`);
    const { schema } = (await schemaRes.json()) as { schema: { properties: Record<string, unknown>; required: string[] } };
    const published = await control(`/approval-workflows/wf_purchase/releases`, {
      schema: {
        ...schema,
        properties: {
          ...schema.properties,
          delivery: { type: 'object', title: 'Delivery', properties: { city: { type: 'string', title: 'City', minLength: 2 } }, required: ['city'] },
        },
        required: [...schema.required, 'delivery'],
      },
    });
    const next = (published as { workflow_release_id: string }).workflow_release_id;
    expect(next).toBe(apiId(`wf_purchase@${number + 1}`));

    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'A newer release of this workflow was published' })).toContainText(next);
    await expect(page.getByLabel(/^Vendor/)).toHaveValue('Northwind Traders');
    await expect(page.getByLabel(/^Total/)).toHaveValue('4200');
    await expect(page.getByLabel(/^Purchase category/)).toHaveValue('hardware');
    await expect(page.getByRole('combobox', { name: /^Supplier quote/ })).toHaveValue(`quote-${run}.pdf (${quote})`);
    await expect(page.getByLabel(/^Justification/)).toHaveValue('Replacing the ageing build servers before the spring release.');
    const delivery = page.getByRole('group', { name: 'Delivery', exact: true });
    await expect(delivery).toBeVisible();
    await snap(page, 'approvals-release-published');
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(delivery.getByRole('alert')).toHaveText('Required');
    await delivery.getByLabel(/^City/).fill('Rotterdam');
    await page.getByRole('button', { name: 'Submit for approval' }).click();

    await expect(page).toHaveURL(/\/approvals\/(?!new$)[^/?#]+$/);
    await expect(page.locator('dl').first()).toContainText(next);
    await expect(page.getByRole('region', { name: 'Form data' })).toContainText('Rotterdam');
  });
});
