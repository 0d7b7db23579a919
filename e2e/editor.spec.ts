import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { LayoutField } from '../lib/documents/schemas.ts';
import { control, expect, expectAccessible, signIn, snap, test } from './fixtures.ts';

// The hosted field editor, end to end: a real PDF uploaded through the console, laid out in
// real Chromium, checked against what the Signing API (the embedded sandbox) stored.

interface ServerState {
  version: number;
  status: string;
  layout: { fields: LayoutField[] };
}

const LETTER: [number, number] = [612, 792];

/** A contract-like PDF: a heading, body text and signature lines on every page. */
async function makePdf(pages: number, sizes: [number, number][] = []): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (let i = 0; i < pages; i++) {
    const [w, h] = sizes[i] ?? LETTER;
    const page = pdf.addPage([w, h]);
    page.drawText(i === 0 ? 'Services Agreement' : `Schedule ${i}`, { x: 56, y: h - 80, size: 20, font: bold });
    for (let line = 0; line < 14; line++) {
      page.drawText(`${line + 1}. The parties agree to the terms set out in this section, page ${i + 1}.`, {
        x: 56,
        y: h - 130 - line * 18,
        size: 10,
        font,
        color: rgb(0.2, 0.2, 0.2),
      });
    }
    page.drawLine({ start: { x: 56, y: 140 }, end: { x: 256, y: 140 }, thickness: 0.8 });
    page.drawText('Signature', { x: 56, y: 126, size: 9, font });
    page.drawLine({ start: { x: 320, y: 140 }, end: { x: 480, y: 140 }, thickness: 0.8 });
    page.drawText('Date', { x: 320, y: 126, size: 9, font });
    page.drawText(`Page ${i + 1} of ${pages}`, { x: w / 2 - 24, y: 30, size: 8, font });
  }
  return Buffer.from(await pdf.save());
}

const headers = (baseURL: string) => ({ origin: baseURL, 'idempotency-key': `e2e-editor-${randomUUID()}` });

async function upload(request: APIRequestContext, baseURL: string, pdf: Buffer): Promise<string> {
  const res = await request.post('/api/documents', {
    multipart: {
      file: { name: `agreement-${Date.now()}.pdf`, mimeType: 'application/pdf', buffer: pdf },
      logicalPurpose: 'SIGNATURE_TARGET',
    },
    headers: headers(baseURL),
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

async function serverState(request: APIRequestContext, id: string): Promise<ServerState> {
  const res = await request.get(`/api/documents/${id}/editor`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ServerState;
}

/** Signs in as an operator, uploads a PDF and opens its editor with the first page drawn. */
async function openEditor(page: Page, baseURL: string, pdf?: Buffer) {
  await signIn(page, 'operator');
  const id = await upload(page.request, baseURL, pdf ?? (await makePdf(3, [LETTER, LETTER, [792, 612]])));
  await page.goto(`/documents/${id}/editor`);
  await expect(page.getByRole('heading', { name: 'Field editor' })).toBeVisible();
  // Two shared cores and parallel builds: the first page may take a while to draw.
  await expect(page.locator('[data-editor-page="1"] canvas')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status', { name: 'Save state' })).toHaveText(/All changes saved · version 0/);
  return id;
}

const chip = (page: Page, id: string) => page.locator(`[data-field-id="${id}"]`);
/** The panel's message under one of its numbers. */
const fieldError = (page: Page, label: string) => page.getByLabel(label, { exact: true }).locator('xpath=..').getByRole('alert');
const num = async (page: Page, label: string) => Number(await page.getByLabel(label, { exact: true }).inputValue());
const geometry = async (page: Page) => ({
  x: await num(page, 'X (pt)'),
  y: await num(page, 'Y (pt)'),
  width: await num(page, 'Width (pt)'),
  height: await num(page, 'Height (pt)'),
});

async function add(page: Page, type: string, id: string) {
  await page.getByRole('button', { name: `Add ${type} field`, exact: true }).click();
  await expect(chip(page, id)).toBeVisible();
  await expect(chip(page, id)).toHaveAttribute('aria-pressed', 'true');
}

/** Drags with the mouse from a point by (dx, dy) CSS pixels, in steps as a hand would. */
async function drag(page: Page, from: { x: number; y: number }, dx: number, dy: number) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx / 2, from.y + dy / 2, { steps: 5 });
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 5 });
  await page.mouse.up();
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element has no box');
  return b;
}

const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });

test.describe('field editor', () => {
  test('lays out all five field types, saves, survives a reload and completes', { tag: '@dialect' }, async ({ page, baseURL }) => {
    const id = await openEditor(page, baseURL!);
    await expect(page.getByRole('timer', { name: 'Editor session time left' })).toHaveText(/Session (60:00|59:\d\d)/);

    // Add a signature and drag it up and to the left: the stored point moves by pixels / zoom.
    await add(page, 'signature', 'signature_1');
    const before = await geometry(page);
    expect(before).toMatchObject({ width: 160, height: 40 });
    const sig = await box(chip(page, 'signature_1'));
    const scale = sig.width / 160;
    await drag(page, { x: sig.x + sig.width / 2, y: sig.y + sig.height / 2 }, -120, -90);
    const moved = await geometry(page);
    expect(Math.abs(moved.x - (before.x - 120 / scale))).toBeLessThan(1);
    expect(Math.abs(moved.y - (before.y + 90 / scale))).toBeLessThan(1);
    expect(moved).toMatchObject({ width: 160, height: 40 });

    // Arrow keys nudge the selected field by a point, Shift by ten.
    await chip(page, 'signature_1').press('ArrowRight');
    await chip(page, 'signature_1').press('Shift+ArrowDown');
    expect(await geometry(page)).toMatchObject({
      x: Math.round((moved.x + 1) * 100) / 100,
      y: Math.round((moved.y - 10) * 100) / 100,
    });

    // Add initials and resize from the bottom-right handle: the top edge stays where it was.
    await add(page, 'initials', 'initials_1');
    const ini = await geometry(page);
    expect(ini).toMatchObject({ width: 64, height: 36 });
    const iniBox = await box(chip(page, 'initials_1'));
    await drag(page, { x: iniBox.x + iniBox.width - 3, y: iniBox.y + iniBox.height - 3 }, 60, 30);
    const resized = await geometry(page);
    expect(Math.abs(resized.width - (64 + 60 / scale))).toBeLessThan(1);
    expect(Math.abs(resized.height - (36 + 30 / scale))).toBeLessThan(1);
    expect(Math.abs(resized.y + resized.height - (ini.y + ini.height))).toBeLessThan(1);
    expect(resized.x).toBe(ini.x);

    await add(page, 'date', 'date_1');
    await add(page, 'text', 'text_1');
    // A new signer slot for the text field, required; the checkbox joins that signer.
    await page.getByRole('button', { name: 'Add signer' }).click();
    await expect(page.getByLabel('Signer', { exact: true })).toHaveValue('signer_2');
    await page.getByLabel('Required', { exact: true }).check();
    await expect(chip(page, 'text_1')).toHaveAttribute('aria-label', 'Text field text_1 for Signer 2 on page 1, required');
    await add(page, 'checkbox', 'checkbox_1');
    await expect(page.getByLabel('Signer', { exact: true })).toHaveValue('signer_2');
    await page.getByLabel('Signer', { exact: true }).selectOption('signer_1');
    await page.getByLabel('Signer', { exact: true }).selectOption('signer_2');

    // Delete the date field with the Delete key.
    await chip(page, 'date_1').click();
    await expect(chip(page, 'date_1')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Delete');
    await expect(chip(page, 'date_1')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Fields (4)' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Save state' })).toHaveText('Unsaved changes');
    await expectAccessible(page);
    await snap(page, 'editor-layout');

    await chip(page, 'signature_1').click();
    const sigSaved = await geometry(page);
    await saveButton(page).click();
    await expect(page.getByText('Layout saved as version 1.')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Save state' })).toHaveText('All changes saved · version 1');

    const saved = await serverState(page.request, id);
    expect(saved.version).toBe(1);
    const byId = Object.fromEntries(saved.layout.fields.map((f) => [f.id, f]));
    expect(Object.keys(byId).sort()).toEqual(['checkbox_1', 'initials_1', 'signature_1', 'text_1']);
    expect(byId.signature_1).toMatchObject({ type: 'signature', page: 1, ...sigSaved, slot_id: 'signer_1', required: true });
    expect(byId.initials_1).toMatchObject({ type: 'initials', width: resized.width, height: resized.height, y: resized.y });
    expect(byId.text_1).toMatchObject({ type: 'text', slot_id: 'signer_2', required: true });
    expect(byId.checkbox_1).toMatchObject({ type: 'checkbox', slot_id: 'signer_2', required: false, width: 18, height: 18 });

    // A reload reads the saved layout back (no draft is left behind).
    await page.reload();
    await expect(page.getByRole('status', { name: 'Save state' })).toHaveText('All changes saved · version 1');
    for (const f of ['signature_1', 'initials_1', 'text_1', 'checkbox_1']) await expect(chip(page, f)).toBeVisible();
    await expect(page.getByText(/Restored your unsaved layout/)).toHaveCount(0);
    await chip(page, 'initials_1').click();
    expect(await geometry(page)).toMatchObject({ width: resized.width, height: resized.height });

    // Complete, behind a confirmation; the layout is then read-only.
    await page.getByRole('button', { name: 'Complete…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete the layout?' });
    await expect(dialog).toContainText('4 fields (3 required) on 1 page');
    await expect(dialog).toContainText('2 signer slots');
    await dialog.getByRole('button', { name: 'Complete layout' }).click();
    await expect(page.getByText('Layout completed with 4 fields (version 2).')).toBeVisible();
    await expect(page.getByText('This layout is completed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add signature field' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Complete…' })).toBeDisabled();
    expect((await serverState(page.request, id)).status).toBe('completed');
    await snap(page, 'editor-completed');
  });

  test('shows the server’s layout errors on the offending field', { tag: '@dialect' }, async ({ page, baseURL }) => {
    await openEditor(page, baseURL!);

    // Completing an empty layout: a layout-wide problem.
    await page.getByRole('button', { name: 'Complete…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Complete layout' }).click();
    const problems = page.getByRole('region', { name: /The server refused the layout/ });
    await expect(problems).toContainText('a layout needs at least one field before it can be completed');

    // A number typed in the panel that would take the field off the page is not applied, and
    // the panel says how far it may go (X = 900 on a 612-pt page).
    await add(page, 'signature', 'signature_1');
    const before = await geometry(page);
    const placed = await box(chip(page, 'signature_1'));
    await page.getByLabel('X (pt)', { exact: true }).fill('900');
    await expect(fieldError(page, 'X (pt)')).toHaveText(`Not applied: must be 0 to ${612 - before.width} pt on this page`);
    await page.getByLabel('Width (pt)', { exact: true }).fill('900');
    await expect(fieldError(page, 'Width (pt)')).toHaveText(`Not applied: must be 8 to ${612 - before.x} pt on this page`);
    await page.getByLabel('Width (pt)', { exact: true }).blur();
    // Kept as typed, and not applied: the field has not moved.
    expect(await geometry(page)).toEqual({ ...before, x: 900, width: 900 });
    expect(await box(chip(page, 'signature_1'))).toEqual(placed);
    await expect(chip(page, 'signature_1')).toBeInViewport();
    await page.getByLabel('X (pt)', { exact: true }).fill(String(before.x));
    await page.getByLabel('Width (pt)', { exact: true }).fill(String(before.width));
    await expect(fieldError(page, 'X (pt)')).toHaveCount(0);

    // A layout the server refuses (here one sent past the page's edge behind the panel's back)
    // is marked on the field and the very number at fault, with no toast over the panel.
    const commands = (url: URL) => /\/editor\/commands$/.test(url.pathname);
    await page.route(commands, async (route) => {
      const body = route.request().postDataJSON() as { layout?: { fields: { x: number }[] } };
      if (body.layout?.fields[0]) body.layout.fields[0].x = 900;
      await route.continue({ postData: JSON.stringify(body) });
    });
    await saveButton(page).click();
    const message = 'the field starts at x = 900, beyond the right edge of page 1 (612 points wide)';
    await expect(chip(page, 'signature_1')).toHaveAttribute('data-problem', 'true');
    await expect(chip(page, 'signature_1')).toHaveClass(/border-red-600/);
    await expect(page.getByLabel('X (pt)', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Width (pt)', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('[data-editor-panel]').getByRole('alert')).toHaveText(message);
    await expect(problems).toContainText(`signature_1 — X: ${message}`);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await expect(page.getByRole('status', { name: 'Save state' })).toHaveText('Unsaved changes');
    await page.unroute(commands);
    await expectAccessible(page);
    await snap(page, 'editor-layout-error');

    // The list selects the field at fault.
    await add(page, 'checkbox', 'checkbox_1');
    await problems.getByRole('button', { name: /signature_1/ }).click();
    await expect(chip(page, 'signature_1')).toHaveAttribute('aria-pressed', 'true');

    // Fixing the field clears its mark; the save then goes through.
    await page.getByLabel('X (pt)', { exact: true }).fill('100');
    await expect(chip(page, 'signature_1')).not.toHaveAttribute('data-problem', 'true');
    await saveButton(page).click();
    await expect(page.getByText('Layout saved as version 1.')).toBeVisible();
    await expect(problems).toHaveCount(0);
  });

  test('coordinates typed by keyboard are applied whole or refused with their bounds; sizes and pages read as people say them', async ({ page, baseURL }) => {
    // A page 595.91998 pt wide, as some PDF writers make A4.
    await openEditor(page, baseURL!, await makePdf(1, [[595.91998, 842]]));
    await expect(page.getByText(/ · 1 page$/)).toBeVisible();
    await expect(page.getByText(/1 pages/)).toHaveCount(0);
    await add(page, 'signature', 'signature_1');
    await expect(page.locator('[data-editor-panel]')).toContainText('this page is 595.92 × 842 pt');
    const before = await geometry(page);
    const startedAt = await box(chip(page, 'signature_1'));
    const x = page.getByLabel('X (pt)', { exact: true });
    const bounds = `Not applied: must be 0 to ${Math.round((595.91998 - before.width) * 100) / 100} pt on this page`;

    // 500 and Tab: kept as typed and refused with its bounds, never 50.
    await x.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('500');
    await page.keyboard.press('Tab');
    await expect(x).toHaveValue('500');
    await expect(fieldError(page, 'X (pt)')).toHaveText(bounds);
    expect((await box(chip(page, 'signature_1'))).x).toBeCloseTo(startedAt.x, 0);
    await snap(page, 'editor-coordinate-refused');
    await page.setViewportSize({ width: 390, height: 900 });
    await x.scrollIntoViewIfNeeded();
    await expect(fieldError(page, 'X (pt)')).toHaveText(bounds);
    await snap(page, 'editor-coordinate-refused-phone');
    await page.setViewportSize({ width: 1360, height: 900 });

    // 436: not 43.
    await x.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('436');
    await page.keyboard.press('Tab');
    await expect(x).toHaveValue('436');
    await expect(fieldError(page, 'X (pt)')).toHaveText(bounds);
    expect((await box(chip(page, 'signature_1'))).x).toBeCloseTo(startedAt.x, 0);

    // A number that fits is applied, and the message goes.
    await x.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('120');
    await page.keyboard.press('Tab');
    await expect(x).toHaveValue('120');
    await expect(fieldError(page, 'X (pt)')).toHaveCount(0);
    expect((await geometry(page)).x).toBe(120);
    expect((await box(chip(page, 'signature_1'))).x).not.toBeCloseTo(startedAt.x, 0);
  });

  test('after a version conflict, re-reads and shows what changed before the retry', { tag: '@dialect' }, async ({ page, baseURL }) => {
    const id = await openEditor(page, baseURL!);
    const read = await serverState(page.request, id);
    expect(read.version).toBe(0);

    await add(page, 'signature', 'signature_1');
    // Someone else saves the layout behind the page's back, from the version it read.
    const other = await page.request.post(`/api/documents/${id}/editor/commands`, {
      data: {
        type: 'SAVE_LAYOUT',
        expectedVersion: read.version,
        layout: {
          fields: [
            {
              id: 'reviewer_date',
              type: 'date',
              page: 1,
              x: 320,
              y: 150,
              width: 140,
              height: 24,
              slot_id: 'signer_3',
              required: true,
            },
          ],
        },
      },
      headers: headers(baseURL!),
    });
    expect(other.status(), await other.text()).toBe(200);

    await saveButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'The layout changed on the server' });
    await expect(dialog).toContainText('someone saved this layout as version 1 since version 0');
    const theirs = dialog.getByRole('region', { name: 'Changed on the server since version 0' }).getByRole('listitem');
    await expect(theirs).toHaveCount(1);
    await expect(theirs).toContainText(['Added']);
    await expect(theirs.locator('code')).toHaveText('reviewer_date');
    await expect(theirs).toContainText('Date on page 1 for Signer 3, required');
    const mine = dialog.getByRole('region', { name: 'Your unsaved changes' }).getByRole('listitem');
    await expect(mine).toHaveCount(1);
    await expect(mine.locator('code')).toHaveText('signature_1');
    await expect(mine).toContainText('Signature on page 1 for Signer 1, required');
    await expectAccessible(page);
    await snap(page, 'editor-conflict');

    await dialog.getByRole('button', { name: 'Keep my changes on top' }).click();
    await expect(dialog).toBeHidden();
    await expect(chip(page, 'reviewer_date')).toBeVisible();
    await expect(chip(page, 'signature_1')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Save state' })).toHaveText('Unsaved changes');
    await saveButton(page).click();
    await expect(page.getByText('Layout saved as version 2.')).toBeVisible();
    const after = await serverState(page.request, id);
    expect(after.version).toBe(2);
    expect(after.layout.fields.map((f) => f.id).sort()).toEqual(['reviewer_date', 'signature_1']);
  });

  test('a conflict can also be settled by taking the server’s layout', async ({ page, baseURL }) => {
    const id = await openEditor(page, baseURL!);
    await add(page, 'text', 'text_1');
    const other = await page.request.post(`/api/documents/${id}/editor/commands`, {
      data: {
        type: 'SAVE_LAYOUT',
        expectedVersion: 0,
        layout: {
          fields: [
            {
              id: 'theirs',
              type: 'checkbox',
              page: 2,
              x: 40,
              y: 40,
              width: 20,
              height: 20,
              slot_id: 'signer_1',
              required: false,
            },
          ],
        },
      },
      headers: headers(baseURL!),
    });
    expect(other.status()).toBe(200);
    await saveButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'The layout changed on the server' });
    await dialog.getByRole('button', { name: 'Use the server’s layout' }).click();
    await expect(chip(page, 'text_1')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Fields (1)' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Save state' })).toHaveText('All changes saved · version 1');
  });

  test('a failed save keeps its Idempotency-Key for the retry; the buttons wait while it runs', async ({ page, baseURL }) => {
    await openEditor(page, baseURL!);
    const keys: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/editor/commands')) keys.push(req.headers()['idempotency-key'] ?? '');
    });
    await add(page, 'signature', 'signature_1');
    await control('/faults', {
      rules: [{ method: 'POST', path: '/api/v1/hosted-editor/*', status: 500, times: 1, latency_ms: 1500 }],
    });

    await saveButton(page).click();
    await expect(saveButton(page)).toHaveAttribute('aria-busy', 'true');
    await expect(saveButton(page)).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Complete…' })).toBeDisabled();
    await expect(page.getByText('Saving failed: The Signing API failed to process the request. Try again later.')).toBeVisible();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Layout saved as version 1.')).toBeVisible();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    // A new intent (another edit, another click) gets a key of its own.
    await add(page, 'initials', 'initials_1');
    await saveButton(page).click();
    await expect(page.getByText('Layout saved as version 2.')).toBeVisible();
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[2]).toMatch(/^editor-[0-9a-f-]{36}$/);

    // A double click is one intent: a second command would have left before the first's answer.
    await add(page, 'text', 'text_1');
    await saveButton(page).dblclick();
    await expect(page.getByText('Layout saved as version 3.')).toBeVisible();
    expect(keys).toHaveLength(4);
  });

  test('an expired session keeps the unsaved layout, which a new session saves', { tag: '@dialect' }, async ({ page, baseURL }) => {
    const id = await openEditor(page, baseURL!);
    await add(page, 'signature', 'signature_1');
    await add(page, 'checkbox', 'checkbox_1');

    // The API's clock passes the session's hour; the next command finds it expired.
    await control('/clock', { advance_seconds: 3600 });
    await saveButton(page).click();
    const banner = page.getByRole('alert').filter({ hasText: 'Your editor session has expired.' });
    await expect(banner).toContainText('Your unsaved layout (2 fields) is kept in this browser.');
    await expect(saveButton(page)).toBeDisabled();
    await expect(chip(page, 'signature_1')).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'editor-expired');

    await banner.getByRole('button', { name: 'Open a new session' }).click();
    await expect(banner).toBeHidden();
    // The countdown follows the API's clock (an hour ahead now), not the browser's.
    await expect(page.getByRole('timer', { name: 'Editor session time left' })).toHaveText(/Session (60:00|59:\d\d)/);
    await expect(page.getByRole('status', { name: 'Save state' })).toHaveText('Unsaved changes');
    await saveButton(page).click();
    await expect(page.getByText('Layout saved as version 1.')).toBeVisible();
    expect((await serverState(page.request, id)).layout.fields.map((f) => f.id).sort()).toEqual(['checkbox_1', 'signature_1']);

    // An unsaved edit survives a reload, even across another expiry.
    await add(page, 'text', 'text_1');
    await control('/clock', { advance_seconds: 3600 });
    await page.reload();
    await expect(page.getByText('Restored your unsaved layout (3 fields) kept in this browser.')).toBeVisible();
    await expect(chip(page, 'text_1')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Save state' })).toHaveText('Unsaved changes');
    await saveButton(page).click();
    await expect(page.getByText('Layout saved as version 2.')).toBeVisible();
    expect((await serverState(page.request, id)).layout.fields).toHaveLength(3);
  });

  test('leaving with unsaved fields asks first; a closed tab keeps them for the next visit', async ({ page, baseURL, context }) => {
    const id = await openEditor(page, baseURL!);
    const editorUrl = new RegExp(`/documents/${id}/editor$`);
    await add(page, 'signature', 'signature_1');

    // A link within the console asks first; Stay keeps the field where it was.
    await page.getByRole('link', { name: 'Back to the document' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave this page?' });
    await expect(dialog).toContainText('Your unsaved field layout will be lost unless you choose “Save and leave”.');
    await expectAccessible(page);
    await snap(page, 'editor-leave-dialog');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(editorUrl);
    await expect(chip(page, 'signature_1')).toBeVisible();

    // A closed tab asks nothing and loses nothing: the next visit restores the layout.
    await page.close();
    const again = await context.newPage();
    await again.goto(`/documents/${id}/editor`);
    await expect(again.getByText('Restored your unsaved layout (1 field) kept in this browser.')).toBeVisible({ timeout: 30_000 });
    await expect(chip(again, 'signature_1')).toBeVisible();
    await expect(again.getByRole('status', { name: 'Save state' })).toHaveText('Unsaved changes');

    // Save and leave: saved as version 1, then on the document's page.
    await again.getByRole('link', { name: 'Back to the document' }).click();
    await again.getByRole('alertdialog', { name: 'Leave this page?' }).getByRole('button', { name: 'Save and leave' }).click();
    await expect(again).toHaveURL(new RegExp(`/documents/${id}$`));
    expect((await serverState(again.request, id)).layout.fields.map((f) => f.id)).toEqual(['signature_1']);

    // Leave drops the changes, the kept copy too: the next visit starts from the saved layout.
    await again.goto(`/documents/${id}/editor`);
    await expect(again.getByRole('status', { name: 'Save state' })).toHaveText(/All changes saved · version 1/, { timeout: 30_000 });
    await add(again, 'checkbox', 'checkbox_1');
    await again.getByRole('link', { name: 'Back to the document' }).click();
    await again.getByRole('alertdialog', { name: 'Leave this page?' }).getByRole('button', { name: 'Leave', exact: true }).click();
    await expect(again).toHaveURL(new RegExp(`/documents/${id}$`));
    await again.goto(`/documents/${id}/editor`);
    await expect(again.getByRole('status', { name: 'Save state' })).toHaveText(/All changes saved · version 1/, { timeout: 30_000 });
    await expect(chip(again, 'checkbox_1')).toHaveCount(0);
  });

  test('the countdown warns in the last five minutes and offers a new session at zero', async ({ page, baseURL }) => {
    await page.clock.install();
    await openEditor(page, baseURL!);
    await add(page, 'date', 'date_1');
    const timer = page.getByRole('timer', { name: 'Editor session time left' });

    await page.clock.fastForward('55:30');
    await expect(timer).toHaveText(/Session [0-4]:\d\d/);
    await expect(page.getByRole('button', { name: 'Renew' })).toBeVisible();
    await expect(page.getByText('The editor session ends in 5 minutes.', { exact: false })).toBeVisible();
    await snap(page, 'editor-session-warning');

    await page.clock.fastForward('05:00');
    await expect(timer).toHaveText('Session expired');
    const banner = page.getByRole('alert').filter({ hasText: 'Your editor session has expired.' });
    await expect(banner).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
    await banner.getByRole('button', { name: 'Open a new session' }).click();
    await expect(banner).toBeHidden();
    await expect(timer).toHaveText(/Session (60:00|59:\d\d)/);
    await expect(chip(page, 'date_1')).toBeVisible();
    await saveButton(page).click();
    await expect(page.getByText('Layout saved as version 1.')).toBeVisible();
  });

  test('a long document keeps a bounded number of pages drawn and adds fields to the page in view', async ({ page, baseURL }) => {
    await openEditor(page, baseURL!, await makePdf(60));
    await expect(page.getByText('Page 1 of 60')).toBeVisible();
    expect(await page.locator('[data-editor-page] canvas').count()).toBeLessThanOrEqual(4);

    const pane = page.getByRole('region', { name: 'Document pages' });
    await pane.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(page.getByText('Page 60 of 60')).toBeVisible();
    await expect(page.locator('[data-editor-page="60"] canvas')).toBeVisible();
    await expect(page.locator('[data-editor-page="1"] canvas')).toHaveCount(0);
    expect(await page.locator('[data-editor-page] canvas').count()).toBeLessThanOrEqual(4);

    await add(page, 'signature', 'signature_1');
    await expect(page.getByLabel('Page', { exact: true })).toHaveValue('60');
    await expect(page.locator('[data-editor-page="60"]').locator('[data-field-id="signature_1"]')).toBeVisible();
  });

  test('Previous and Next page move the view a page at a time, by mouse or keyboard', async ({ page, baseURL }) => {
    await openEditor(page, baseURL!);
    const pages = page.getByRole('group', { name: 'Pages' });
    const previous = pages.getByRole('button', { name: 'Previous page' });
    const next = pages.getByRole('button', { name: 'Next page' });
    const pane = page.getByRole('region', { name: 'Document pages' });
    /** The page's top edge sits at the top of the pane. */
    const atTop = async (n: number) => {
      const [p, v] = [await box(page.locator(`[data-editor-page="${n}"]`)), await box(pane)];
      expect(Math.abs(p.y - v.y)).toBeLessThan(24);
    };
    await expect(pages).toContainText('Page 1 of 3');
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();

    await next.click();
    await expect(pages).toContainText('Page 2 of 3');
    await atTop(2);
    await expect(previous).toBeEnabled();

    // By keyboard: the buttons are in the tab order; at the last page Next is disabled but keeps focus.
    await previous.focus();
    await page.keyboard.press('Tab');
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(pages).toContainText('Page 3 of 3');
    await expect(page.locator('[data-editor-page="3"] canvas')).toBeVisible();
    await expect(next).toBeDisabled();
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(pages).toContainText('Page 3 of 3');

    // A field added now goes on the page the buttons chose (the landscape page 3).
    await add(page, 'signature', 'signature_1');
    await expect(page.getByLabel('Page', { exact: true })).toHaveValue('3');
    await expect(page.locator('[data-editor-page="3"]').locator('[data-field-id="signature_1"]')).toBeVisible();

    await previous.focus();
    await page.keyboard.press('Space');
    await expect(pages).toContainText('Page 2 of 3');
    await atTop(2);
    await snap(page, 'editor-page-nav');

    // Scrolling by hand takes over again.
    await pane.evaluate((el) => (el.scrollTop = 0));
    await expect(pages).toContainText('Page 1 of 3');
    await expect(previous).toBeDisabled();
  });

  test('fields are reached and moved by keyboard alone, with a visible focus outline', async ({ page, baseURL }) => {
    await openEditor(page, baseURL!);
    const focusRing = (locator: Locator) =>
      locator.evaluate((el) => {
        const s = getComputedStyle(el);
        return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), transparent: s.outlineColor === 'rgba(0, 0, 0, 0)' };
      });

    // Adding from the palette by keyboard hands focus to the new field.
    await page.getByRole('button', { name: 'Add signature field' }).focus();
    await page.keyboard.press('Enter');
    const sig = chip(page, 'signature_1');
    await expect(sig).toBeFocused();
    await expect(sig).toHaveAttribute('aria-pressed', 'true');
    const start = await geometry(page);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+ArrowUp');
    expect(await geometry(page)).toMatchObject({ x: start.x - 1, y: start.y + 10 });
    expect(await focusRing(sig)).toMatchObject({ style: 'solid', transparent: false });
    expect((await focusRing(sig)).width).toBeGreaterThanOrEqual(2);

    // Tab order: the pages pane, then its fields; Escape deselects but focus and its outline stay.
    await page.keyboard.press('Escape');
    await expect(sig).toHaveAttribute('aria-pressed', 'false');
    await expect(sig).toBeFocused();
    expect(await focusRing(sig)).toMatchObject({ style: 'solid', transparent: false });
    await page.getByRole('region', { name: 'Document pages' }).focus();
    await page.keyboard.press('Tab');
    await expect(sig).toBeFocused();
    expect(await focusRing(sig)).toMatchObject({ style: 'solid', transparent: false });
    await snap(page, 'editor-keyboard-focus');
    await page.keyboard.press('Enter');
    await expect(sig).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Shift+ArrowRight');
    expect(await geometry(page)).toMatchObject({ x: start.x - 1 + 10, y: start.y + 10 });

    // Focus elsewhere: the selected field keeps its selection ring but shows no focus outline.
    await page.getByLabel('Width (pt)', { exact: true }).focus();
    expect(await focusRing(sig)).not.toMatchObject({ style: 'solid', transparent: false });
  });

  for (const width of [1360, 390]) {
    test(`field labels are shortened readably, never to a letter or two, and stay whole in the title at ${width} px`, async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      const id = await openEditor(page, baseURL!);
      const field = (fid: string, type: string, x: number, y: number, w: number, h: number, slot = 'signer_1') => ({
        id: fid,
        type,
        page: 1,
        x,
        y,
        width: w,
        height: h,
        slot_id: slot,
        required: type !== 'checkbox',
      });
      const fields = [
        field('long_signer', 'signature', 72, 620, 160, 40, 'counterparty_authorised_signatory'),
        field('narrow', 'signature', 72, 520, 70, 40),
        field('tiny', 'initials', 200, 520, 36, 24),
        field('box', 'checkbox', 300, 520, 18, 18),
        field('when', 'date', 72, 440, 110, 24),
        field('note', 'text', 250, 440, 160, 24, 'signer_2'),
      ];
      const saved = await page.request.post(`/api/documents/${id}/editor/commands`, {
        data: { type: 'SAVE_LAYOUT', expectedVersion: 0, layout: { fields } },
        headers: headers(baseURL!),
      });
      expect(saved.status(), await saved.text()).toBe(200);
      await page.reload();
      await expect(page.getByRole('status', { name: 'Save state' })).toHaveText('All changes saved · version 1');

      const labels: Record<string, string> = {
        signature: 'Signature',
        initials: 'Initials',
        checkbox: 'Checkbox',
        date: 'Date',
        text: 'Text',
      };
      for (const f of fields) {
        const c = chip(page, f.id);
        await expect(c).toBeVisible();
        // The whole label is always there for a pointer (title) and a screen reader (name).
        await expect(c).toHaveAttribute('title', new RegExp(`^${labels[f.type]} · `));
        await expect(c).toHaveAttribute('aria-label', new RegExp(`^${labels[f.type]} field ${f.id} for `));
        const shown = c.locator('[data-field-label]');
        if ((await shown.count()) === 0) continue; // the icon alone
        const text = (await shown.textContent()) ?? '';
        const full = labels[f.type]!;
        expect(
          text === full || (text.endsWith('…') && full.startsWith(text.slice(0, -1)) && text.length - 1 >= 4),
          `${f.id}: "${text}"`,
        ).toBe(true);
        // What is shown is the whole text of the element: CSS did not cut it further.
        expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth), `${f.id} is cut by CSS`).toBe(true);
      }
      // A long signer id gives way to the label rather than squeezing it.
      if (width > 500) await expect(chip(page, 'long_signer').locator('[data-field-label]')).toHaveText('Signature');
      await expect(chip(page, 'long_signer')).toHaveAttribute(
        'title',
        'Signature · counterparty_authorised_signatory · required',
      );

      // The list names every field in full, for the pointer too.
      const list = page.getByRole('region', { name: /^Fields \(/ });
      await expect(list.getByRole('button', { name: /counterparty_authorised_signatory/ })).toHaveAttribute(
        'title',
        'Signature · p.1 · counterparty_authorised_signatory',
      );
      // The editor itself never pushes the page sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectAccessible(page);
      await snap(page, `editor-labels-${width}`);
    });
  }

  test('viewers may not open the editor', async ({ page }) => {
    await signIn(page, 'viewer', { at: '/documents/doc_any/editor' });
    await expect(page.getByRole('heading', { name: 'The field editor is not available to your role' })).toBeVisible();
  });
});
