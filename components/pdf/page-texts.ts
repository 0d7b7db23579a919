'use client';

import { pdfjs } from './pdf-setup';

/**
 * The text of every page of a PDF, as its text layer reads (whitespace folded), for telling
 * two populated documents apart page by page; nothing is drawn.
 */
export async function pageTexts(data: ArrayBuffer): Promise<string[]> {
  const task = pdfjs.getDocument({ data: new Uint8Array(data) });
  try {
    const pdf = await task.promise;
    const texts: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent();
      texts.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    }
    return texts;
  } finally {
    await task.destroy().catch(() => undefined);
  }
}
