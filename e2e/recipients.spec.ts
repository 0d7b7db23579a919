import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, expectPhoneFits, group, post, reviewEveryPage, signIn, snap, test } from './fixtures.ts';
import { HEADER, openNewBatch } from './bulk-fixtures.ts';

// The recipient book: filled by a send, edited and deleted on its page, suggested on the next
// send (an address from the book fills the signer's name and phone), and filled from a CSV
// whose bad row is corrected in place. The book is the whole console's, shared with journeys
// running alongside: this one's people carry its run tag, and it searches for them.

const run = Date.now().toString(36);
const ada = { name: `Ada Lovelace ${run}`, email: `ada.${run}@example.com` };
const alan = { name: `Alan Turing ${run}`, email: `alan.${run}@example.org` };
const SENT = /\/packages\/(?!new\b|drafts\b|recipients\b)[^/?#]+(\?sent=1)?$/;

/** The NDA's values and expiry; the signers are the caller's. */
async function chooseNda(page: Page) {
  await page.goto('/packages/new');
  await page.getByRole('radio', { name: /Mutual non-disclosure agreement/ }).check();
  const values = group(page, 'Values in the document');
  await values.getByLabel('Counterparty name').fill(`Book ${run}`);
  await values.getByLabel('Effective date').fill('2026-01-15');
  await group(page, 'Expiry').getByLabel('Days to sign').fill('21');
}

async function previewAndSend(page: Page) {
  await page.getByRole('button', { name: 'Preview' }).click();
  await reviewEveryPage(page);
  await page.getByLabel(/I have reviewed the populated document/).check();
  await page.getByRole('button', { name: 'Send for signature' }).click();
  await expect(page).toHaveURL(SENT, { timeout: 20_000 });
}

/** The book's page searched for this run's people. */
async function openBook(page: Page, q = run) {
  await page.goto('/packages');
  await page.getByRole('navigation', { name: 'Package views' }).getByRole('link', { name: 'Recipients' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recipients' })).toBeVisible();
  await page.getByLabel('Search recipients').fill(q);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${q}`));
  return page.getByRole('table', { name: 'Recipients' });
}

const row = (page: Page, text: string) =>
  page.getByRole('table', { name: 'Recipients' }).getByRole('row').filter({ hasText: text });

/** The values the browser offers under an input, from the datalist it names. */
const optionsOf = (input: Locator) =>
  input.evaluate((el) => [...((el as HTMLInputElement).list?.options ?? [])].map((o) => o.value));
const offered = (page: Page, label: string, inGroup: string) => optionsOf(group(page, inGroup).getByLabel(label));

test('a send fills the book; it is edited, suggested on the next send, imported into and deleted from, also at 390 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'sender');

  // A package sent by hand puts its two signers in the book, phones as sent (E.164).
  await chooseNda(page);
  const company = group(page, 'Signer: Company signatory');
  await company.getByLabel('Name').fill(ada.name);
  await company.getByLabel('E-mail').fill(ada.email);
  await company.getByLabel('Phone').fill('+49 151 1234 5678');
  const counter = group(page, 'Signer: Counterparty signatory');
  await counter.getByLabel('Name').fill(alan.name);
  await counter.getByLabel('E-mail').fill(alan.email);
  await counter.getByLabel('Phone').fill('+442071234567');
  await previewAndSend(page);

  const table = await openBook(page);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(row(page, ada.email)).toContainText(ada.name);
  await expect(row(page, ada.email)).toContainText('+4915112345678');
  await expect(row(page, ada.email)).toContainText(/1 send, last/);
  await expect(row(page, alan.email)).toContainText('As typed in a send · added by Demo sender');
  await expectAccessible(page);
  await snap(page, 'recipients-book');

  // Edited in its row: the send form's rules hold, and the row shows what was saved.
  await page.getByRole('button', { name: `Edit ${ada.name}` }).click();
  const edit = page.getByRole('form', { name: `Edit ${ada.name}` });
  await expect(edit.getByLabel('Name')).toBeFocused();
  await edit.getByLabel('Name').fill(`Ada King ${run}`);
  await edit.getByLabel('Phone').fill('0151 1234');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
  await expect(edit.getByRole('alert')).toContainText('international format');
  await expectAccessible(page);
  await edit.getByLabel('Phone').fill('+44 20 7946 0000');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row(page, ada.email)).toContainText(`Ada King ${run}`);
  await expect(row(page, ada.email)).toContainText('+442079460000');
  await expect(row(page, ada.email)).toContainText('As edited here');

  // The next send: the book is offered under the signer fields, and an address from it fills
  // the signer's empty name and phone with what the book holds now.
  await chooseNda(page);
  await company.getByLabel('E-mail').fill(ada.email);
  await expect(company.getByLabel('Name')).toHaveValue(`Ada King ${run}`);
  await expect(company.getByLabel('Phone')).toHaveValue('+442079460000');
  await counter.getByLabel('E-mail').pressSequentially(`alan.${run}`);
  await expect.poll(() => offered(page, 'E-mail', 'Signer: Counterparty signatory')).toContain(alan.email);
  await expect.poll(() => offered(page, 'Name', 'Signer: Counterparty signatory')).toContain(alan.name);
  await counter.getByLabel('E-mail').fill(alan.email); // as choosing the offered address does
  await expect(counter.getByLabel('Name')).toHaveValue(alan.name);
  await expect(counter.getByLabel('Phone')).toHaveValue('+442071234567');
  await expectAccessible(page);
  await snap(page, 'recipients-suggested');
  await previewAndSend(page);
  await openBook(page);
  await expect(row(page, ada.email)).toContainText(/2 sends, last/);

  // A CSV with a bad row is refused whole, each problem by row and column; corrected in the
  // box, the same text imports.
  await page.getByRole('button', { name: 'Import from CSV' }).click();
  const csv = [
    'E-Mail;Name;Phone',
    `grace.${run}@example.net;Grace Hopper ${run};+1 212 555 0100`,
    `not-an-address;Bad Row ${run};`,
    `${ada.email};Ada King ${run};`,
  ].join('\r\n');
  await page
    .getByLabel('CSV file', { exact: true })
    .setInputFiles({ name: 'recipients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const rows = page.getByLabel('Rows to import');
  await expect(rows).toHaveValue(csv.replaceAll('\r\n', '\n')); // a text box keeps line ends as LF
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const problems = page.getByRole('list', { name: 'Problems in the file' });
  await expect(problems).toContainText('Row 3, email: Enter a valid e-mail address');
  await expect(page.getByRole('alert').filter({ hasText: 'Nothing was imported' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'recipients-import-refused');
  await expect(row(page, `grace.${run}`)).toHaveCount(0);
  await rows.fill(csv.replace('not-an-address', `bad.${run}@example.net`));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Imported 3 rows: 2 added, 0 updated, 1 already as in the file.' }),
  ).toBeVisible();
  await expect(problems).toHaveCount(0);
  await expect(row(page, `grace.${run}@example.net`)).toContainText('+12125550100');
  await expect(row(page, `grace.${run}@example.net`)).toContainText('Not sent to yet');
  // A file that would change an entry imports nothing until the sender has seen the change
  // and chosen to overwrite it.
  await rows.fill(`email,name,phone\ngrace.${run}@example.net,Grace Hopper ${run},+1 212 555 0199`);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const changes = page.getByRole('alert').filter({ hasText: 'Nothing was imported: 1 entry in the book would change' });
  await expect(changes).toContainText('phone “+12125550100” → “+12125550199”');
  await expect(row(page, `grace.${run}@example.net`)).toContainText('+12125550100');
  await expectAccessible(page);
  await snap(page, 'recipients-import-conflicts');
  await changes.getByRole('button', { name: 'Overwrite this entry and import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 1 row: 0 added, 1 updated' })).toBeVisible();
  await expect(row(page, `grace.${run}@example.net`)).toContainText('+12125550199');
  await page.getByRole('button', { name: 'Close the import' }).click();

  // Deleted after a confirmation naming it.
  await page.getByRole('button', { name: `Delete Bad Row ${run}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this recipient?' });
  await expect(dialog).toContainText(`bad.${run}@example.net`);
  await dialog.getByRole('button', { name: 'Delete recipient' }).click();
  await expect(row(page, `bad.${run}@example.net`)).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(4);

  // On a phone: the table scrolls in its own box, the import and the edit form fit.
  await page.getByRole('button', { name: 'Import from CSV' }).click();
  await page.getByRole('button', { name: `Edit Grace Hopper ${run}` }).click();
  await expectPhoneFits(page, 'recipients-phone');
});

test('a bulk row is offered the book under its signer cells, and an address from it fills the row’s empty ones', async ({
  page,
}) => {
  const joan = { name: `Joan Clarke ${run}`, email: `joan.${run}@example.net`, phone: '+447700900123' };
  await signIn(page, 'sender');
  const imported = await post(page.request, page, '/api/recipients/import', {
    csv: `email,name,phone\n${joan.email},${joan.name},${joan.phone}`,
  });
  expect(imported.ok(), await imported.text()).toBe(true);

  // A row whose counterparty signer has only an address: the book fills the empty name and
  // phone as the rows are read, and the row is ready, left open so that the sender sees what came
  // from the book.
  await openNewBatch(page);
  const bare = `Contractor J ${run},2027-01-15,,Grace Hopper,grace@example.com,+4915112345678,,${joan.email},,Book ${run}`;
  await page.getByLabel('Or paste rows from a spreadsheet').fill([HEADER, bare].join('\n'));
  await page.getByRole('button', { name: 'Read pasted rows' }).click();
  await expect(page.getByText('1 row: 1 ready')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close row 2' })).toHaveAttribute('aria-expanded', 'true');
  const name = page.getByLabel('Row 2: Counterparty signatory: name');
  await expect(name).toHaveValue(joan.name);
  await expect(page.getByLabel('Row 2: Counterparty signatory: phone')).toHaveValue(joan.phone);
  // A cell the sheet filled stays the sender's: the company signer is not in the book.
  await expect(page.getByLabel('Row 2: Company signatory: name')).toHaveValue('Grace Hopper');

  // Typing in a signer cell offers the book's people.
  const email = page.getByLabel('Row 2: Counterparty signatory: e-mail');
  await email.fill(`joan.${run}`);
  await expect.poll(() => optionsOf(email)).toContain(joan.email);
  await expect.poll(() => optionsOf(name)).toContain(joan.name);
  await email.fill(joan.email); // as choosing the offered address does
  await expect(page.getByText('1 row: 1 ready')).toBeVisible();
  await snap(page, 'bulk-row-suggestions');
});

test('a search that finds no one offers to clear it, and a viewer is shown the refusal', async ({ page }) => {
  await signIn(page, 'sender', { at: `/packages/recipients?q=${encodeURIComponent(`nobody-${run}`)}` });
  await expect(page.getByText('Nothing matches these filters')).toBeVisible();
  await page.context().clearCookies();
  await signIn(page, 'viewer', { at: '/packages/recipients' });
  await expect(page.getByRole('heading', { name: 'Recipients is not available to your role' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Package views' })).toHaveCount(0);
});
