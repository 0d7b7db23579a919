import type { Locator, Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { expect } from './fixtures.ts';

// A document field is a combobox that searches the app's documents on the server: these
// pick one as a requester would, and upload PDFs through the console's API for a scene.

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Types `search` into the field labelled `label` and picks the option naming `documentId`. */
export async function pickDocument(scope: Page | Locator, label: RegExp, search: string, documentId: string) {
  const box = scope.getByRole('combobox', { name: label });
  const named = new RegExp(`\\(${escaped(documentId)}\\)`);
  await box.fill(search);
  // An option is named "name (id)", then its upload time, size and use.
  await scope.getByRole('option', { name: named }).click();
  await expect(box).toHaveValue(new RegExp(`${named.source}$`));
}

/** A small one-page PDF. */
export async function smallPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  return Buffer.from(await pdf.save());
}

/** Uploads a PDF through the console as the signed-in user; answers its id. */
export async function uploadPdf(page: Page, name: string, buffer?: Buffer) {
  const res = await page.request.post('/api/documents', {
    multipart: {
      file: { name, mimeType: 'application/pdf', buffer: buffer ?? (await smallPdf()) },
      logicalPurpose: 'ATTACHMENT',
    },
    headers: {
      origin: new URL(page.url()).origin,
      'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}
