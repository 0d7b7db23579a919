import { readFileSync } from 'node:fs';
import { expect, expectAccessible, expectPhoneFits, snap, test } from './fixtures';
import { HEADER, line, openNewBatch, run } from './bulk-fixtures';

// What a spreadsheet's rows say before a batch is made: rows without their header, dates as
// the sender's locale writes them, the CSV template's example row, one person in two slots.

const paste = async (page: import('@playwright/test').Page, text: string) => {
  await page.getByLabel('Or paste rows from a spreadsheet').fill(text);
  await page.getByRole('button', { name: 'Read pasted rows' }).click();
};
const withDate = (n: number, date: string) => line(n).replace(',2027-01-15,', `,${date},`);

test('rows pasted without their header are said to lack it; dates are read as the locale writes them', async ({ page }) => {
  await openNewBatch(page);
  await expect(page.getByText(/Dates as YYYY-MM-DD/)).toBeVisible();
  await paste(page, [line(1), line(2)].join('\n'));
  await expect(page.getByText(/The header row is missing: the first row .* names none of this template’s columns/)).toBeVisible();
  await expect(page.getByText(/Missing columns/)).toHaveCount(0);
  await snap(page, 'bulk-headerless');
  await expectPhoneFits(page, 'bulk-headerless-phone');

  // en-GB, as every journey: 15.01.2027 and 1/15/2027 are one day each, 3/4/2027 is 3 April.
  await paste(page, [HEADER, withDate(1, '15.01.2027'), withDate(2, '1/15/2027'), withDate(3, '3/4/2027')].join('\n'));
  await expect(page.getByText('3 rows: 3 ready.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Only rows to fix' }).uncheck();
  await page.getByRole('button', { name: 'Edit row 4' }).click();
  await expect(page.getByLabel('Row 4: Effective date')).toHaveValue('2027-04-03');
});

test('one person in two signer slots is flagged on the row and beside the second e-mail', async ({ page }) => {
  await openNewBatch(page);
  const twice = line(1).replace(`bulk1.${run}@example.org`, 'grace@example.com');
  await paste(page, [HEADER, twice, line(2)].join('\n'));
  await expect(page.getByText('2 rows: 2 ready.')).toBeVisible();
  const row = page.getByRole('listitem', { name: 'Row 2' });
  await expect(row.getByText('One person in two signer slots')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Only rows to fix' }).uncheck();
  await row.getByRole('button', { name: 'Edit row 2' }).click();
  await expect(row.getByText(/Same e-mail as Company signatory: this person will be asked to sign twice/)).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Row 3' }).getByText('One person in two signer slots')).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'bulk-same-person');
  await expectPhoneFits(page, 'bulk-same-person-phone');
});

test('the CSV template’s example row is marked as one and never becomes a package', async ({ page }) => {
  await openNewBatch(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the CSV template' }).click();
  const file = await (await download).path();
  expect(readFileSync(file, 'utf8')).toContain('EXAMPLE ROW, never sent');
  await page.getByLabel('Upload a CSV file').setInputFiles({
    name: 'as-downloaded.csv',
    mimeType: 'text/csv',
    buffer: readFileSync(file),
  });
  await expect(page.getByText('The file has only the CSV template’s example row: add your own rows.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Make the batch/ })).toBeDisabled();
  await snap(page, 'bulk-example-only');
});

test.describe('in a locale that does not write dates with slashes', () => {
  test.use({ locale: 'de-DE' });

  test('an ambiguous date is refused, naming the form it takes', async ({ page }) => {
    await openNewBatch(page);
    await paste(page, [HEADER, withDate(1, '3/4/2027'), withDate(2, '15.01.2027')].join('\n'));
    await expect(page.getByText('2 rows: 1 ready, 1 to fix.')).toBeVisible();
    await expect(
      page
        .getByRole('listitem', { name: 'Row 2' })
        .getByText('“3/4/2027” could be 2027-03-04 or 2027-04-03: write it as YYYY-MM-DD, e.g. 2027-01-31'),
    ).toBeVisible();
    await page.getByLabel('Row 2: Effective date').fill('2027-03-04');
    await expect(page.getByText('2 rows: 2 ready.')).toBeVisible();
  });
});
