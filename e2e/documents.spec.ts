import { randomUUID } from 'node:crypto';
import type { Browser, Page, Request } from '@playwright/test';
import { control, expect, expectAccessible, expectPhoneFits, outlastRetries, signIn, snap, test } from './fixtures.ts';
import { MB, makeLargePdf, makePdf, makePng, uniqueName, writeFixture } from './fixtures/pdfs.ts';

// Documents journeys: upload (checks, progress, busy countdown, cancel, retry), list with
// URL state, detail with the PDF viewer, delete with a reason, protected evidence, roles.

interface Doc {
  id: string;
  name: string;
  protected: boolean;
}

const MAX_CANVASES = 6;
const fileInput = (page: Page) => page.locator('#upload-file-input');
const uploadPanel = (page: Page) => page.getByRole('region', { name: 'Upload PDFs' });
const fileRow = (page: Page, name: string) => uploadPanel(page).getByRole('list', { name: 'Chosen PDFs' }).getByRole('listitem').filter({ hasText: name });
const viewerToolbar = (page: Page) => page.getByRole('toolbar', { name: /controls$/ });

/** Console API calls from the signed-in page, as the browser would make them. */
async function apiUpload(page: Page, baseURL: string, name: string, data: Buffer, purpose = 'ATTACHMENT'): Promise<Doc> {
  const res = await page.request.post('/api/documents', {
    headers: { origin: baseURL, 'idempotency-key': `e2e-${randomUUID()}` },
    multipart: { logicalPurpose: purpose, file: { name, mimeType: 'application/pdf', buffer: data } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Doc;
}

async function docsNamed(page: Page, name: string): Promise<Doc[]> {
  const res = await page.request.get(`/api/documents?q=${encodeURIComponent(name)}&size=100`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Doc[] }).data.filter((d) => d.name === name);
}

/** Submits an approval request that uses the document: the API then protects it as evidence. */
async function protectBySubmitting(page: Page, baseURL: string, documentId: string) {
  const res = await page.request.post('/api/approval-requests', {
    headers: { origin: baseURL, 'idempotency-key': `e2e-${randomUUID()}`, 'content-type': 'application/json' },
    data: {
      workflow_id: 'wf_expense',
      workflow_release_id: 'wf_expense@2',
      external_id: `e2e-docs-${randomUUID().slice(0, 12)}`,
      form_data: { amount: 12.5, currency: 'EUR', description: 'Taxi', cost_center: 'CC-1234', expense_date: '2026-11-01' },
      documents: [{ document_id: documentId, field_key: 'receipt', name: 'Receipt' }],
      submit: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { id: string };
}

/** Every POST /api/documents the page sends, with its Idempotency-Key. */
function recordUploads(page: Page): string[] {
  const keys: string[] = [];
  page.on('request', (r: Request) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/documents') keys.push(r.headers()['idempotency-key'] ?? '(none)');
  });
  return keys;
}

async function openUpload(page: Page) {
  await page.goto('/documents');
  await page.getByRole('button', { name: 'Upload PDF' }).click();
  await expect(uploadPanel(page)).toBeVisible();
}

async function chooseFile(page: Page, path: string, name: string, pages: number) {
  await fileInput(page).setInputFiles(path);
  await expect(uploadPanel(page).getByText(`${pages} ${pages === 1 ? 'page' : 'pages'} · checked, ready to upload`)).toBeVisible({ timeout: 20_000 });
  await expect(uploadPanel(page).getByText(name, { exact: true })).toBeVisible();
}

async function operatorPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'operator');
  return page;
}

test.describe('documents', () => {
  test('an empty list says what to do, and the upload panel opens from it', async ({ page }) => {
    await control('/reset');
    await signIn(page, 'operator', { at: '/documents' });
    await expect(page.getByText('No documents yet')).toBeVisible();
    await expect(page.getByText(/Upload a PDF \(up to 25 MB and 200 pages\)/)).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'documents-empty');
    await page.getByRole('button', { name: 'Upload a PDF' }).click();
    await expect(uploadPanel(page)).toBeVisible();
    await expect(uploadPanel(page).getByText('Up to 20 PDFs at a time, each up to 25 MB and 200 pages.')).toBeVisible();
    await expect(uploadPanel(page).getByRole('radio', { name: /Attachment/ })).toBeChecked();
    await expectAccessible(page);
  });

  test('upload a multi-page PDF and see it in the list and in the viewer', { tag: '@dialect' }, async ({ page }, info) => {
    await signIn(page, 'operator');
    const keys = recordUploads(page);
    const name = uniqueName('contract');
    const path = writeFixture(info.outputPath(name), await makePdf(3, 'Three-page contract'));
    await openUpload(page);
    await chooseFile(page, path, name, 3);
    await uploadPanel(page).getByRole('radio', { name: /Signature target/ }).check();
    await expectAccessible(page);
    await snap(page, 'documents-upload-ready');

    await uploadPanel(page).getByRole('button', { name: `Upload ${name}` }).click();
    await expect(uploadPanel(page).getByText(`“${name}” was uploaded: 3 pages`)).toBeVisible();
    await expect(page.getByText(`“${name}” was uploaded`, { exact: true })).toBeVisible(); // the toast
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^upload-[0-9a-f-]{36}$/);
    await snap(page, 'documents-upload-done');

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText('Signature target');
    await expect(row.getByRole('cell').nth(2)).toHaveText('3');

    await uploadPanel(page).getByRole('link', { name: 'View document' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const [doc] = await docsNamed(page, name);
    await expect(page).toHaveURL(new RegExp(`/documents/${doc!.id}$`));
    await expect(page.getByRole('link', { name: 'Open editor' })).toHaveAttribute('href', `/documents/${doc!.id}/editor`);
    await expect(viewerToolbar(page).getByText('Page 1 of 3', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[data-page="1"] canvas')).toBeVisible();
    const zoom = viewerToolbar(page).getByText(/^Zoom \d+%$/);
    const before = await zoom.textContent();
    await viewerToolbar(page).getByRole('button', { name: 'Zoom in' }).click();
    await expect(zoom).not.toHaveText(before!);
    await viewerToolbar(page).getByRole('button', { name: 'Fit width' }).click();
    await expect(viewerToolbar(page).getByRole('button', { name: 'Fit width' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('definition').filter({ hasText: /^3$/ })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'documents-detail');
    await expectPhoneFits(page, 'documents-detail-phone');
  });

  test('PDFs uploaded one after another in the same panel each start, and each is stored once', async ({ page }, info) => {
    await signIn(page, 'operator');
    const keys = recordUploads(page);
    const stem = `series-${randomUUID().slice(0, 8)}`;
    const names = [`${stem}-a.pdf`, `${stem}-b.pdf`, `${stem}-c.pdf`];
    await openUpload(page);
    for (const [i, name] of names.entries()) {
      const path = writeFixture(info.outputPath(name), await makePdf(i + 1));
      await chooseFile(page, path, name, i + 1);
      await uploadPanel(page).getByRole('button', { name: `Upload ${name}` }).click();
      await expect(uploadPanel(page).getByText(`“${name}” was uploaded: ${i + 1} page`)).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
    }
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
    const stored = await page.request.get(`/api/documents?q=${stem}&size=100`);
    expect(((await stored.json()) as { data: Doc[] }).data.map((d) => d.name).sort()).toEqual(names);
  });

  test('several PDFs chosen at once are checked, sent one after another with a key each, and each stored once', async ({ page }, info) => {
    await signIn(page, 'operator');
    const keys = recordUploads(page);
    const stem = `batch-${randomUUID().slice(0, 8)}`;
    const files = [1, 2, 3].map((pages) => ({ pages, name: `${stem}-${pages}.pdf` }));
    const paths = await Promise.all(files.map(async (f) => writeFixture(info.outputPath(f.name), await makePdf(f.pages))));
    // The first attempt meets a busy API: its file waits it out, and the others wait their turn.
    await control('/faults', { rules: [{ method: 'POST', path: '/api/v1/documents', status: 503, code: 'UPLOAD_BUSY', retry_after: 2, times: 1 }] });
    try {
      await openUpload(page);
      await fileInput(page).setInputFiles(paths);
      for (const f of files) {
        await expect(fileRow(page, f.name)).toContainText(`${f.pages} ${f.pages === 1 ? 'page' : 'pages'} · checked, ready to upload`, { timeout: 20_000 });
      }
      await uploadPanel(page).getByRole('radio', { name: /Signature target/ }).check();
      await expectAccessible(page);
      await snap(page, 'documents-upload-several-ready');
      await uploadPanel(page).getByRole('button', { name: 'Upload 3 PDFs' }).click();
      await expect(fileRow(page, files[0]!.name).getByText('The upload service is busy.')).toBeVisible();
      await expect(fileRow(page, files[1]!.name).getByText('Waiting for the upload before it to finish.')).toBeVisible();
      await expect(uploadPanel(page).getByRole('button', { name: 'Close' })).toBeDisabled();
      await expectAccessible(page);
      await snap(page, 'documents-upload-several-running');
      for (const f of files) {
        await expect(fileRow(page, f.name).getByText(`“${f.name}” was uploaded: ${f.pages} page`)).toBeVisible({ timeout: 15_000 });
      }
    } finally {
      await control('/faults', { rules: [] });
    }
    await snap(page, 'documents-upload-several-done');
    // One key per file: the busy retry repeats the first file's key, and nothing else repeats.
    expect(keys).toHaveLength(4);
    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys.slice(1)).size).toBe(3);
    const stored = await page.request.get(`/api/documents?q=${stem}&size=100`);
    const docs = ((await stored.json()) as { data: (Doc & { logical_purpose: string })[] }).data;
    expect(docs.map((d) => d.name).sort()).toEqual(files.map((f) => f.name));
    expect(docs.every((d) => d.logical_purpose === 'SIGNATURE_TARGET')).toBe(true);
    for (const f of files) await expect(page.getByRole('row').filter({ hasText: f.name })).toBeVisible();
    await uploadPanel(page).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Upload PDF' }).click();
    await expect(uploadPanel(page).getByRole('list', { name: 'Chosen PDFs' })).toHaveCount(0);
  });

  test('while the first upload runs the empty list gives way to it, and the document then appears', async ({ page }, info) => {
    await control('/reset');
    await signIn(page, 'operator');
    const name = uniqueName('first');
    const path = writeFixture(info.outputPath(name), await makePdf(2));
    // The upload is held at the console until released, so "in progress" lasts as long as needed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/documents',
      async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.fallback();
      },
    );
    await page.goto('/documents');
    await expect(page.getByText('No documents yet')).toBeVisible();
    await page.getByRole('button', { name: 'Upload a PDF' }).click();
    await chooseFile(page, path, name, 2);
    await uploadPanel(page).getByRole('button', { name: `Upload ${name}` }).click();
    await expect(uploadPanel(page).getByRole('progressbar', { name: `Uploading ${name}` })).toBeVisible();
    await expect(page.getByText('No documents yet')).toBeHidden();
    await snap(page, 'documents-first-upload-running');
    // From here until the row is listed, the empty state must not come back, not even for a frame.
    await page.evaluate(() => {
      const w = window as Window & { emptySeen?: boolean };
      w.emptySeen = false;
      new MutationObserver(() => (w.emptySeen ||= document.body.textContent?.includes('No documents yet') ?? false)).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    release();
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
    await expect(uploadPanel(page).getByText(`“${name}” was uploaded: 2 pages`)).toBeVisible();
    expect(await page.evaluate(() => (window as Window & { emptySeen?: boolean }).emptySeen)).toBe(false);
  });

  test('one button closes the upload panel, and focus returns to the button that opened it', async ({ page }) => {
    await signIn(page, 'operator', { at: '/documents' });
    await page.getByRole('button', { name: 'Upload PDF' }).click();
    await expect(uploadPanel(page)).toBeVisible();
    const closers = page.getByRole('button', { name: /^(close|hide)\b/i });
    await expect(closers).toHaveCount(1);
    await closers.click();
    await expect(uploadPanel(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Upload PDF' })).toBeFocused();
  });

  test('a non-PDF, an oversized file and a 201-page PDF are refused before anything is sent', async ({ page }, info) => {
    await signIn(page, 'operator');
    const keys = recordUploads(page);
    await openUpload(page);
    const panel = uploadPanel(page);

    await fileInput(page).setInputFiles(writeFixture(info.outputPath('holiday-photo.pdf'), makePng()));
    await expect(panel.getByRole('alert')).toHaveText(
      '“holiday-photo.pdf” is not a PDF: its content is a PNG image, even though the name ends in .pdf. Only PDF documents are accepted.',
    );
    await snap(page, 'documents-refused-png');

    await fileInput(page).setInputFiles(writeFixture(info.outputPath('scan-archive.pdf'), await makeLargePdf(25 * MB + 64 * 1024)));
    await expect(panel.getByRole('alert')).toContainText('“scan-archive.pdf” is 25.1 MB; the limit is 25 MB (26,214,400 bytes).');

    await fileInput(page).setInputFiles(writeFixture(info.outputPath('handbook-201.pdf'), await makePdf(201)));
    await expect(panel.getByRole('alert')).toHaveText('“handbook-201.pdf” has 201 pages; at most 200 are accepted. Split it into smaller PDFs.', { timeout: 20_000 });
    await expect(panel.getByRole('button', { name: /^Upload / })).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'documents-refused-pages');
    expect(keys).toEqual([]);
  });

  test('an UPLOAD_BUSY answer is waited out with a ticking countdown, then the same upload completes once', { tag: '@dialect' }, async ({ page }, info) => {
    await signIn(page, 'operator');
    const keys = recordUploads(page);
    const name = uniqueName('busy');
    const path = writeFixture(info.outputPath(name), await makePdf(2));
    await control('/faults', { rules: [{ method: 'POST', path: '/api/v1/documents', status: 503, code: 'UPLOAD_BUSY', retry_after: 3, times: 1 }] });
    try {
      await openUpload(page);
      await chooseFile(page, path, name, 2);
      await uploadPanel(page).getByRole('button', { name: `Upload ${name}` }).click();
      const countdown = uploadPanel(page).getByText(/^Retrying automatically in (\d) s/);
      await expect(uploadPanel(page).getByText('The upload service is busy.')).toBeVisible();
      await expect(countdown).toBeVisible();
      const first = Number((await countdown.textContent())!.match(/in (\d) s/)![1]);
      expect(first).toBeGreaterThanOrEqual(2);
      await snap(page, 'documents-upload-busy');
      await expect(countdown).toContainText(`in ${first - 1} s`);
      await expect(uploadPanel(page).getByText(`“${name}” was uploaded: 2 pages`)).toBeVisible({ timeout: 15_000 });
    } finally {
      await control('/faults', { rules: [] });
    }
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await docsNamed(page, name)).toHaveLength(1);
  });

  test('a network failure offers Retry, which resends the same upload', async ({ page }, info) => {
    await signIn(page, 'operator');
    const keys = recordUploads(page);
    const name = uniqueName('flaky');
    const path = writeFixture(info.outputPath(name), await makePdf(1));
    let failures = 0;
    await page.route('**/api/documents', (route) => (route.request().method() === 'POST' && failures++ === 0 ? route.abort('connectionreset') : route.fallback()));
    await openUpload(page);
    await chooseFile(page, path, name, 1);
    await uploadPanel(page).getByRole('button', { name: `Upload ${name}` }).click();
    const alert = uploadPanel(page).getByRole('alert');
    await expect(alert).toContainText('The connection failed before the upload finished.');
    await snap(page, 'documents-upload-network');
    await alert.getByRole('button', { name: 'Retry upload' }).click();
    await expect(uploadPanel(page).getByText(`“${name}” was uploaded: 1 page,`)).toBeVisible();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await docsNamed(page, name)).toHaveLength(1);
  });

  test('an upload in progress can be cancelled, and nothing is stored', async ({ page }, info) => {
    await signIn(page, 'operator');
    const name = uniqueName('cancelled');
    const path = writeFixture(info.outputPath(name), await makeLargePdf(6 * MB));
    await openUpload(page);
    await chooseFile(page, path, name, 2);
    // A slow line (1 MB/s up) so the upload is still running when Cancel is pressed.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: MB });
    await uploadPanel(page).getByRole('button', { name: `Upload ${name}` }).click();
    const bar = uploadPanel(page).getByRole('progressbar', { name: `Uploading ${name}` });
    await expect(bar).toBeVisible();
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    await expect(uploadPanel(page).getByText(/\d+(\.\d)? (KB|MB) of 6\.\d MB/)).toBeVisible();
    await snap(page, 'documents-upload-progress');
    await uploadPanel(page).getByRole('button', { name: 'Cancel upload' }).click();
    await expect(uploadPanel(page).getByRole('status').filter({ hasText: 'Upload cancelled. Nothing was added.' })).toBeVisible();
    await expect(uploadPanel(page).getByRole('button', { name: `Upload ${name}` })).toBeEnabled();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.waitForTimeout(1500);
    expect(await docsNamed(page, name)).toHaveLength(0);
  });

  test('delete needs a reason of 5 to 500 characters, behind a confirmation naming the document', async ({ page, baseURL }) => {
    await signIn(page, 'operator');
    const doc = await apiUpload(page, baseURL!, uniqueName('obsolete'), await makePdf(1));
    const other = await apiUpload(page, baseURL!, uniqueName('draft-copy'), await makePdf(1));
    await page.goto(`/documents/${doc.id}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete document' });
    await expect(dialog).toContainText(`Delete ${doc.name} (${doc.id})?`);
    const confirm = dialog.getByRole('button', { name: 'Delete document' });
    await confirm.click();
    await expect(dialog.getByRole('alert')).toHaveText('Give a reason of at least 5 characters');
    await dialog.getByLabel('Reason').fill('old');
    await confirm.click();
    await expect(dialog.getByRole('alert')).toHaveText('Give a reason of at least 5 characters');
    await dialog.getByLabel('Reason').fill('x'.repeat(501));
    await confirm.click();
    await expect(dialog.getByRole('alert')).toHaveText('The reason must be at most 500 characters');
    await expectAccessible(page);
    await snap(page, 'documents-delete-dialog');
    await dialog.getByLabel('Reason').fill('Superseded by the signed version');
    const sent = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().endsWith(`/api/documents/${doc.id}`));
    await confirm.click();
    const del = await sent;
    expect(del.headers()['idempotency-key']).toMatch(/^doc-del-[0-9a-f-]{36}$/);
    expect(del.postDataJSON()).toEqual({ reason: 'Superseded by the signed version' });
    await expect(page.getByText(`“${doc.name}” was deleted`)).toBeVisible();
    await expect(page).toHaveURL(/\/documents$/);
    expect((await page.request.get(`/api/documents/${doc.id}`)).status()).toBe(404);

    // From the list: the row's own delete button.
    const row = page.getByRole('row').filter({ hasText: other.name });
    await row.getByRole('button', { name: `Delete ${other.name}` }).click();
    await page.getByRole('dialog').getByLabel('Reason').fill('Uploaded by mistake');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete document' }).click();
    await expect(page.getByText(`“${other.name}” was deleted`)).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('a protected document explains why it cannot be deleted', { tag: '@dialect' }, async ({ page, baseURL }) => {
    await signIn(page, 'operator');
    const doc = await apiUpload(page, baseURL!, uniqueName('receipt'), await makePdf(1));
    const request = await protectBySubmitting(page, baseURL!, doc.id);
    await page.goto(`/documents/${doc.id}`);
    await expect(page.getByText('This document cannot be deleted.')).toBeVisible();
    await expect(page.getByText(`Protected evidence: Evidence of approval request ${request.id}`).first()).toBeVisible();
    const del = page.getByRole('button', { name: 'Delete', exact: true });
    await expect(del).toBeDisabled();
    await expect(del).toHaveAccessibleDescription(/Cannot be deleted\. Protected evidence: Evidence of approval request/);
    await expect(page.getByRole('link', { name: `approval request ${request.id}` })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'documents-protected');

    await page.goto(`/documents?q=${encodeURIComponent(doc.name)}`);
    const row = page.getByRole('row').filter({ hasText: doc.name });
    await expect(row.getByText('Protected', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Delete ${doc.name}` })).toBeDisabled();

    // Protected after the page was read: the API's refusal is shown, and the page catches up.
    const late = await apiUpload(page, baseURL!, uniqueName('late-receipt'), await makePdf(1));
    await page.goto(`/documents/${late.id}`);
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeEnabled();
    await protectBySubmitting(page, baseURL!, late.id);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete document' });
    await dialog.getByLabel('Reason').fill('Clean-up of old uploads');
    await dialog.getByRole('button', { name: 'Delete document' }).click();
    await expect(dialog.getByRole('alert')).toContainText('cannot be deleted');
    // Said once, in the dialog: no toast repeats it.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await snap(page, 'documents-protected-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('This document cannot be deleted.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
    expect(await docsNamed(page, late.name)).toHaveLength(1);
  });

  test('a viewer reads documents but sees no upload, delete or editor', async ({ page, browser, baseURL }) => {
    const operator = await operatorPage(browser);
    const doc = await apiUpload(operator, baseURL!, uniqueName('viewer-visible'), await makePdf(2));
    await operator.context().close();
    await signIn(page, 'viewer', { at: `/documents?q=${encodeURIComponent(doc.name)}` });
    await expect(page.getByRole('row').filter({ hasText: doc.name })).toBeVisible();
    await expect(page.getByRole('button', { name: /Upload/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Delete/ })).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'documents-viewer-list');
    await page.getByRole('link', { name: doc.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: doc.name })).toBeVisible();
    await expect(viewerToolbar(page).getByText('Page 1 of 2', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: /Delete/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Open editor' })).toHaveCount(0);
    await expectAccessible(page);
    await snap(page, 'documents-viewer-detail');
  });

  test('search, purpose filter, page and size live in the URL', async ({ page, baseURL }) => {
    await signIn(page, 'operator');
    const stem = `paging-${randomUUID().slice(0, 8)}`;
    const pdf = await makePdf(1);
    for (let i = 1; i <= 26; i++) {
      await apiUpload(page, baseURL!, `${stem}-${String(i).padStart(2, '0')}.pdf`, pdf, i % 2 === 0 ? 'SIGNATURE_TARGET' : 'ATTACHMENT');
    }
    await page.goto('/documents');
    await page.getByLabel('Search documents').fill(stem);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${stem}`));
    await expect(page.getByText('Showing 1–25 of 26')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText('Showing 26–26 of 26')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: `${stem}-01.pdf` })).toBeVisible();

    await page.getByLabel('Per page').selectOption('50');
    await expect(page).toHaveURL(/[?&]size=50/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByText('Showing 1–26 of 26')).toBeVisible();

    await page.getByLabel('Purpose').selectOption('SIGNATURE_TARGET');
    await expect(page).toHaveURL(/[?&]logical_purpose=SIGNATURE_TARGET/);
    await expect(page.getByText('Showing 1–13 of 13')).toBeVisible();
    const purposes = await page.getByRole('row').filter({ hasText: stem }).locator('td:nth-child(2)').allTextContents();
    expect(purposes).toEqual(Array(13).fill('Signature target'));

    await page.reload();
    await expect(page.getByLabel('Search documents')).toHaveValue(stem);
    await expect(page.getByLabel('Purpose')).toHaveValue('SIGNATURE_TARGET');
    await expect(page.getByLabel('Per page')).toHaveValue('50');
    await expect(page.getByText('Showing 1–13 of 13')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'documents-list-filtered');

    await page.getByLabel('Search documents').fill(`${stem}-none`);
    await expect(page.getByText('Nothing matches these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect(page).not.toHaveURL(/q=|logical_purpose=/);
    await expect(page.getByLabel('Purpose')).toHaveValue('');
  });

  test('a 200-page PDF scrolls in the viewer with a bounded number of canvases', async ({ page, baseURL }) => {
    await signIn(page, 'operator');
    const doc = await apiUpload(page, baseURL!, uniqueName('handbook-200'), await makePdf(200, 'Two hundred pages'), 'SIGNATURE_TARGET');
    await page.goto(`/documents/${doc.id}`);
    const toolbar = viewerToolbar(page);
    await expect(toolbar.getByText('Page 1 of 200', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-page="1"] canvas')).toBeVisible();
    const canvases = page.locator('canvas');
    const pagesArea = page.getByRole('region', { name: /, pages$/ });
    expect(await page.locator('[data-page]').count()).toBe(200);

    let most = 0;
    for (let i = 0; i < 12; i++) {
      await pagesArea.hover();
      await page.mouse.wheel(0, 2500);
      await page.waitForTimeout(150);
      most = Math.max(most, await canvases.count());
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(MAX_CANVASES);

    await pagesArea.evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
    await expect(toolbar.getByText(/^Page (99|100|101) of 200$/)).toBeVisible();
    await expect(page.locator('[data-page="100"] canvas')).toBeVisible();
    expect(await canvases.count()).toBeLessThanOrEqual(MAX_CANVASES);
    expect(await page.locator('[data-page="1"] canvas').count()).toBe(0);

    await toolbar.getByLabel('Go to page').fill('150');
    await toolbar.getByRole('button', { name: 'Go', exact: true }).click();
    await expect(toolbar.getByText('Page 150 of 200', { exact: true })).toBeVisible();
    await expect(page.locator('[data-page="150"] canvas')).toBeVisible();

    const zoomOut = toolbar.getByRole('button', { name: 'Zoom out' });
    for (let i = 0; i < 12 && (await zoomOut.isEnabled()); i++) await zoomOut.click();
    await expect(toolbar.getByText('Zoom 50%')).toBeVisible();
    await expect(toolbar.getByText(/^Page 1(49|50|51) of 200$/)).toBeVisible();
    await expect(page.locator('[data-page="150"] canvas')).toBeVisible();
    expect(await canvases.count()).toBeLessThanOrEqual(MAX_CANVASES);

    await toolbar.getByLabel('Go to page').fill('201');
    await toolbar.getByRole('button', { name: 'Go', exact: true }).click();
    await expect(toolbar.getByRole('alert')).toHaveText('Enter a page from 1 to 200.');
    await toolbar.getByLabel('Go to page').fill('200');
    await toolbar.getByRole('button', { name: 'Go', exact: true }).click();
    await expect(toolbar.getByText('Page 200 of 200', { exact: true })).toBeVisible();
    await expect(page.locator('[data-page="200"] canvas')).toBeVisible();
    expect(await canvases.count()).toBeLessThanOrEqual(MAX_CANVASES);
    await snap(page, 'documents-viewer-200');
  });

  test('the viewer shows a load failure with a retry', async ({ page, baseURL }) => {
    await signIn(page, 'operator');
    const doc = await apiUpload(page, baseURL!, uniqueName('retry-view'), await makePdf(2));
    let failing = true;
    await page.route(`**/api/documents/${doc.id}/content`, (route) =>
      failing
        ? route.fulfill({ status: 502, contentType: 'application/json', body: '{"error":{"code":"UPSTREAM_ERROR","message":"The Signing API failed to process the request. Try again later."}}' })
        : route.fallback(),
    );
    await page.clock.install();
    await page.goto(`/documents/${doc.id}`);
    await expect(page.getByTestId('query-struggle')).toContainText('The Signing API is not answering; retrying in');
    const failure = page.getByRole('alert').filter({ hasText: 'The PDF could not be loaded' });
    await outlastRetries(page, failure);
    await expect(failure).toContainText('The Signing API failed to process the request.');
    failing = false;
    await expectAccessible(page);
    await snap(page, 'documents-viewer-error');
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(viewerToolbar(page).getByText('Page 1 of 2', { exact: true })).toBeVisible({ timeout: 20_000 });
  });

  test('the list shows a load failure with a retry', async ({ page }) => {
    await signIn(page, 'operator');
    let failing = true;
    await page.route((url) => url.pathname === '/api/documents', (route) =>
      route.request().method() === 'GET' && failing
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"UPSTREAM_UNAVAILABLE","message":"The Signing API could not be reached. Try again in a moment."}}' })
        : route.fallback(),
    );
    await page.clock.install();
    await page.goto('/documents?size=50');
    await expect(page.getByTestId('query-struggle')).toContainText('The Signing API is not answering; retrying in');
    // Past the automatic retries, the last answer stays on screen with "Try again".
    const failure = page.getByRole('alert').filter({ hasText: 'This could not be loaded' });
    await outlastRetries(page, failure);
    await expect(failure).toContainText('The Signing API could not be reached.');
    failing = false;
    await expectAccessible(page);
    await snap(page, 'documents-list-error');
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();
  });
});
