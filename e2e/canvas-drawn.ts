import type { Locator } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * A PDF page's canvas was drawn: it holds dark pixels (text), not just a blank sheet. The
 * waits are the caller's, since how long a draw takes depends on the page and the document.
 */
export async function expectCanvasDrawn(canvas: Locator, wait: { visible?: number; drawn: number }) {
  await expect(canvas).toBeVisible(wait.visible === undefined ? undefined : { timeout: wait.visible });
  await expect
    .poll(
      () =>
        canvas.evaluate((el: HTMLCanvasElement) => {
          const { data } = el.getContext('2d')!.getImageData(0, 0, el.width, el.height);
          let dark = 0;
          for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 3]! > 0) dark++;
          return dark;
        }),
      { timeout: wait.drawn },
    )
    .toBeGreaterThan(100);
}
