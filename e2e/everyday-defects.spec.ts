import { apiId, expect, expectAccessible, expectPhoneFits, signIn, snap, test } from './fixtures.ts';

// Issue 35, everyday defects (part A): each bullet as the tester met it, by keyboard where they
// used one, at 1360 and 390 px.

test.describe('everyday defects', () => {
  test('the new-request form keeps what was typed for each workflow when the select moves, by keyboard or by mistake', async ({
    page,
  }) => {
    await signIn(page, 'operator', { at: apiId('/approvals/new?workflow=wf_expense') });
    const amount = page.getByLabel(/^Amount( \*)?$/);
    const description = page.getByLabel(/^Description( \*)?$/);
    const costCenter = page.getByLabel(/^Cost center( \*)?$/);
    const externalId = page.getByLabel(/^External ID( \*)?$/);
    await expect(amount).toBeVisible();
    const suggested = await externalId.inputValue();
    await amount.fill('42.5');
    await description.fill('Team lunch with the Lisbon customer');
    await costCenter.fill('CC-1234');

    // Tab to the workflow, ↓ then ↑: the select moves away and straight back.
    const workflow = page.getByLabel(/^Workflow( \*)?$/);
    await costCenter.focus();
    while (!(await workflow.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowDown');
    await expect(workflow).not.toHaveValue(apiId('wf_expense'));
    await page.keyboard.press('ArrowUp');
    await expect(workflow).toHaveValue(apiId('wf_expense'));
    await expect(amount).toHaveValue('42.5');
    await expect(description).toHaveValue('Team lunch with the Lisbon customer');
    await expect(costCenter).toHaveValue('CC-1234');
    await expect(externalId).toHaveValue(suggested);

    // Another workflow chosen by mistake, its form loaded: it says what it cannot hold, and where that went.
    await workflow.selectOption({ label: 'Purchase approval' });
    await expect(page.getByLabel(/^Vendor( \*)?$/)).toBeVisible();
    const elsewhere = page.getByRole('status').filter({ hasText: 'What you typed for Expense approval' });
    await expect(elsewhere).toContainText('stay with Expense approval if you choose it again: Amount, Description, Cost center');
    await expect(elsewhere).not.toContainText('dropped');
    await expect(externalId).toHaveValue(/^purchase-approval-\d{8}-[0-9a-z]+$/);
    const purchaseId = await externalId.inputValue();
    await page.getByLabel(/^Vendor( \*)?$/).fill('Papelaria Central');

    // The original again: everything as it was, its own External ID too.
    await workflow.selectOption({ label: 'Expense approval' });
    await expect(amount).toHaveValue('42.5');
    await expect(description).toHaveValue('Team lunch with the Lisbon customer');
    await expect(costCenter).toHaveValue('CC-1234');
    await expect(externalId).toHaveValue(suggested);
    await expectAccessible(page);
    await snap(page, 'everyday-request-kept-per-workflow');
    await expectPhoneFits(page, 'everyday-request-kept-per-workflow-phone');

    // And the other one keeps its own.
    await workflow.selectOption({ label: 'Purchase approval' });
    await expect(page.getByLabel(/^Vendor( \*)?$/)).toHaveValue('Papelaria Central');
    await expect(externalId).toHaveValue(purchaseId);
  });

  test('entries of a list are named in the singular, from the schema’s item title', async ({ page }) => {
    await signIn(page, 'operator', { at: apiId('/approvals/new?workflow=wf_contract') });
    await expect(page.getByLabel(/^Signatory e-mail 1( \*)?$/)).toBeVisible();
    await expect(page.getByText(/Signatories \d/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Add signatory e-mail' }).click();
    await expect(page.getByLabel(/^Signatory e-mail 2( \*)?$/)).toBeVisible();
    await page.getByRole('button', { name: 'Add milestone' }).click();
    await expect(page.getByRole('group', { name: /^Milestone 1/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove Signatory e-mail 2' })).toBeVisible();
    await snap(page, 'everyday-list-entries');
    await expectPhoneFits(page, 'everyday-list-entries-phone');
  });

  test('a list address past the end never says "Page 50 of 1", and leads back to the last page', async ({ page }) => {
    await signIn(page, 'operator', { at: '/catalog/categories?page=50' });
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    // Journeys beside this one add categories: however many pages there are by now, it says so.
    await expect(pager).toContainText(/Past the last page \((\d+)\)/);
    const last = Number(/Past the last page \((\d+)\)/.exec((await pager.textContent()) ?? '')![1]);
    await expect(pager).toContainText(new RegExp(`Nothing on page 50: \\d+ in all, on ${last} pages?`));
    await expect(pager).not.toContainText(/Page 50 of/);
    await expectAccessible(page);
    await snap(page, 'everyday-past-the-end');
    await expectPhoneFits(page, 'everyday-past-the-end-phone');
    await page.getByRole('button', { name: 'Go to the last page' }).click();
    await expect(page.getByRole('table', { name: /categories/i })).toBeVisible();
    // On the last page, whatever it is once the journeys beside this one have added theirs.
    await expect(pager).toContainText(/Page (\d+) of \1(?!\d)/);
  });

  test('the approvals search says what it searches, and the header’s Ctrl K hint is not offered on a phone', async ({ page }) => {
    await signIn(page, 'operator', { at: '/approvals' });
    const search = page.getByRole('searchbox', { name: 'Search requests by external ID or ID' });
    await expect(search).toHaveAttribute('placeholder', 'External ID or ID');

    const header = page.getByRole('combobox', { name: 'Search Signdesk' });
    await expect(header).toHaveAttribute('placeholder', /Ctrl K/);
    await snap(page, 'everyday-search-hints');
    await page.setViewportSize({ width: 390, height: 900 });
    await expect(header).toHaveAttribute('placeholder', 'Search…');
    await snap(page, 'everyday-search-hints-phone');
  });
});
