'use client';

import { pdfjs } from './pdf-setup';

export type PdfInspection = { ok: true; pages: number } | { ok: false; reason: 'encrypted' | 'invalid' };

/**
 * Opens a PDF with pdf.js (in its worker) just to count the pages, as the upload checks need;
 * nothing is drawn. A file pdf.js cannot open is reported as encrypted or invalid.
 */
export async function inspectPdf(data: ArrayBuffer): Promise<PdfInspection> {
  const task = pdfjs.getDocument({ data: new Uint8Array(data) });
  try {
    const pdf = await task.promise;
    return { ok: true, pages: pdf.numPages };
  } catch (err) {
    return { ok: false, reason: (err as { name?: string } | null)?.name === 'PasswordException' ? 'encrypted' : 'invalid' };
  } finally {
    await task.destroy().catch(() => undefined);
  }
}
