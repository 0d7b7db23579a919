import type { Browser, Page } from '@playwright/test';
import type { Role } from '../lib/roles.ts';
import { expect, expectAccessible, expectPhoneFits, group, signIn, snap, test } from './fixtures.ts';
import { makePdf, uniqueName, writeFixture } from './fixtures/pdfs.ts';

// From an uploaded signature target to a package preview: the operator lays out and completes
// the fields and is told what happens next (a template is made in the platform, not here); an
// admin plays the platform's template designer from the sandbox panel; the document then
// links to the template, and a sender previews a package with it up to the review.
// World-changing: the template it publishes joins the app's catalog for every later journey.

const NEXT = 'Next: a document-sign template';
const uploadPanel = (page: Page) => page.getByRole('region', { name: 'Upload PDFs' });
const nextSteps = (page: Page) => page.getByRole('region', { name: NEXT });
const templatesCard = (page: Page) => page.getByRole('region', { name: 'Document-sign templates' });

async function rolePage(browser: Browser, baseURL: string, role: Role) {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await signIn(page, role);
  return page;
}

/** Uploads the PDF through the upload panel as a signature target; answers the document's id. */
async function uploadSignatureTarget(page: Page, path: string, name: string): Promise<string> {
  await page.goto('/documents');
  await page.getByRole('button', { name: 'Upload PDF' }).click();
  await page.locator('#upload-file-input').setInputFiles(path);
  await expect(uploadPanel(page).getByText('2 pages · checked, ready to upload')).toBeVisible({ timeout: 20_000 });
  const target = uploadPanel(page).getByRole('radio', { name: /Signature target/ });
  // The purpose says what a signature target leads to, and that the template is made elsewhere.
  await expect(target).toHaveAccessibleName(
    /a workspace administrator makes a document-sign template from the completed layout in the Signing platform/,
  );
  await target.check();
  await uploadPanel(page)
    .getByRole('button', { name: `Upload ${name}` })
    .click();
  await expect(uploadPanel(page).getByText(`“${name}” was uploaded: 2 pages`)).toBeVisible();
  await uploadPanel(page).getByRole('link', { name: 'View document' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

test.describe('a completed layout becomes a document-sign template', () => {
  test('the operator learns the next step, an admin publishes it from the sandbox panel, and a sender previews with it', async ({
    page,
    browser,
    baseURL,
  }, info) => {
    test.setTimeout(120_000);
    const fileName = uniqueName('lease-renewal');
    const templateName = fileName.replace(/\.pdf$/, '');
    const path = writeFixture(info.outputPath(fileName), await makePdf(2, 'Lease renewal'));

    // The operator uploads a signature target, lays out one signature field and completes it.
    await signIn(page, 'operator');
    const documentId = await uploadSignatureTarget(page, path, fileName);
    await expect(nextSteps(page)).toHaveCount(0);
    await page.getByRole('link', { name: 'Open editor' }).click();
    await expect(page.locator('[data-editor-page="1"] canvas')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('status', { name: 'Save state' })).toHaveText(/version 0/);
    await page.getByRole('button', { name: 'Add signature field', exact: true }).click();
    await page.getByRole('button', { name: 'Complete…' }).click();
    await page.getByRole('dialog', { name: 'Complete the layout?' }).getByRole('button', { name: 'Complete layout' }).click();
    await expect(page.getByText('This layout is completed')).toBeVisible();

    // What happens next, who does it and where the template will appear, said in the editor.
    const steps = nextSteps(page);
    await expect(steps).toContainText('The layout is complete.');
    await expect(steps).toContainText('Signing platform’s own template designer');
    await expect(steps).toContainText('template authoring is not part of the Signing API');
    await expect(steps).toContainText('by a workspace administrator, who must also allow the template for this app');
    await expect(steps).toContainText('and in Send a package');
    await expect(steps.getByRole('link', { name: 'Catalog → Document-sign templates' })).toHaveAttribute(
      'href',
      '/catalog/document-sign-templates',
    );
    // Nothing is claimed of a name: the API links no template to a layout, and none was published from here.
    await expect(steps).toContainText('The Signing API does not say which template, if any, was made from a layout');
    await expect(steps).not.toContainText('no template named');
    const search = steps.getByRole('link', { name: `search for “${templateName}”` });
    await expect(search).toHaveAttribute('href', `/catalog/document-sign-templates?q=${encodeURIComponent(templateName)}`);
    // Only an admin can play the platform in the sandbox: an operator is not sent there.
    await expect(steps.getByRole('link', { name: 'sandbox panel' })).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'sign-template-editor-next-steps');

    // The document page says the same; its search finds nothing yet.
    await page.getByRole('link', { name: 'Back to the document' }).click();
    await expect(nextSteps(page)).toContainText('The layout is complete.');
    await nextSteps(page)
      .getByRole('link', { name: `search for “${templateName}”` })
      .click();
    await expect(page).toHaveURL(/\/catalog\/document-sign-templates\?q=/);
    await expect(page.getByLabel('Search document-sign templates')).toHaveValue(templateName);
    await expect(page.getByText('Nothing matches these filters')).toBeVisible();

    // An admin finds the document in the sandbox panel and publishes it as the platform would.
    const admin = await rolePage(browser, baseURL!, 'admin');
    await admin.goto(`/documents/${encodeURIComponent(documentId)}`);
    const adminSteps = nextSteps(admin);
    await expect(adminSteps).toContainText('The layout is complete.');
    await adminSteps.getByRole('link', { name: 'sandbox panel' }).click();
    await expect(admin).toHaveURL(/\/admin\/sandbox$/);
    const card = templatesCard(admin);
    await card.getByLabel('Find a document').fill(`no-such-document-${Date.now()}`);
    await expect(card.getByText(/^No completed signature-target layout matches/)).toBeVisible();
    await expect(card).toContainText('lay out its fields in the field editor, then Complete the layout');
    await card.getByLabel('Find a document').fill(templateName);
    await expect(card.getByLabel('Document', { exact: true })).toHaveValue(documentId);
    await expect(card.getByLabel('Template name (optional)')).toHaveAttribute('placeholder', templateName);
    // Published under a name of its own, not the PDF's: the document still links to it.
    const publishedName = `Walk ${templateName}`;
    await card.getByLabel('Template name (optional)').fill(publishedName);
    await expectAccessible(admin);
    await card.getByRole('button', { name: 'Publish as a document-sign template' }).click();
    const published = card.getByRole('status').filter({ hasText: `Published “${publishedName}”` });
    await expect(published).toBeVisible();
    await expect(
      admin.getByText(`Published “${publishedName}” as a document-sign template, allowed for this app.`),
    ).toBeVisible(); // the toast
    await snap(admin, 'sign-template-published');
    const sendHref = await published.getByRole('link', { name: 'Send with this template' }).getAttribute('href');
    const templateId = new URLSearchParams(sendHref!.split('?')[1]).get('template')!;
    await published.getByRole('link', { name: 'Open the template' }).click();
    await expect(admin).toHaveURL(new RegExp(`/catalog/document-sign-templates/${encodeURIComponent(templateId)}$`));
    await expect(admin.getByRole('heading', { level: 1, name: publishedName })).toBeVisible();
    await expect(admin.getByRole('table', { name: `Signer slots of ${publishedName}` })).toContainText('Signer 1');

    // The document page now links straight to the template, and (for those who send) to sending with it.
    await admin.goto(`/documents/${encodeURIComponent(documentId)}`);
    await expect(adminSteps).toContainText(`This layout was published as the template “${publishedName}”.`);
    await expect(adminSteps.getByRole('link', { name: 'Open the template' })).toHaveAttribute(
      'href',
      `/catalog/document-sign-templates/${encodeURIComponent(templateId)}`,
    );
    await expect(adminSteps.getByRole('link', { name: 'Send with this template' })).toHaveAttribute(
      'href',
      `/packages/new?template=${encodeURIComponent(templateId)}`,
    );
    await expectPhoneFits(admin, 'sign-template-document-phone');
    await page.goto(`/documents/${encodeURIComponent(documentId)}`);
    await expect(nextSteps(page).getByRole('link', { name: 'Open the template' })).toBeVisible();
    await expect(nextSteps(page).getByRole('link', { name: 'Send with this template' })).toHaveCount(0);

    // A sender follows the link: one signer slot, no values to fill in, and the preview reaches the review.
    const sender = await rolePage(browser, baseURL!, 'sender');
    await sender.goto(`/packages/new?template=${encodeURIComponent(templateId)}`);
    await expect(sender.getByText(`Chosen: ${publishedName}`)).toBeVisible();
    await expect(group(sender, 'Values in the document')).toHaveCount(0);
    const signer = group(sender, 'Signer: Signer 1');
    await signer.getByLabel('Name').fill('Ada Lovelace');
    await signer.getByLabel('E-mail').fill('ada@example.com');
    await signer.getByLabel('Phone').fill('+4915112345678');
    await group(sender, 'Expiry').getByLabel('Days to sign').fill('14');
    const populated = sender.waitForResponse(
      (r) => r.url().endsWith('/api/packages/preview/document') && r.request().method() === 'POST',
    );
    await sender.getByRole('button', { name: 'Preview' }).click();
    expect((await populated).status()).toBe(200);
    await expect(sender.getByRole('list', { name: 'Send progress' }).locator('[aria-current="step"]')).toHaveText(/Review/);
    await expect(sender.getByRole('region', { name: new RegExp(`Populated preview of ${publishedName}, pages`) })).toBeVisible();
    await snap(sender, 'sign-template-review');
  });
});
