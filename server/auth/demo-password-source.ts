import 'server-only';
import { isAbsolute, relative, resolve } from 'node:path';

/** Where the embedded sandbox's demo password can be read again: the setting that gave it, or the file it was kept in. */
export type DemoPasswordSource = { setting: 'DEMO_PASSWORD' } | { file: string };

/**
 * What the sign-in page tells a newcomer, true to how `npm start` chose the password
 * (scripts/lib/prepare-console.ts): DEMO_PASSWORD when set (no file is written then), else
 * `demo-password` in this console's CONSOLE_DATA_DIR. The file is named as an operator would
 * type it from the checkout: relative when the folder is inside it, absolute otherwise.
 */
export function demoPasswordSource(opts: { demoPasswordSet: boolean; dataDir: string; cwd: string }): DemoPasswordSource {
  if (opts.demoPasswordSet) return { setting: 'DEMO_PASSWORD' };
  const file = resolve(opts.cwd, opts.dataDir, 'demo-password');
  const inside = relative(opts.cwd, file);
  return { file: inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : file };
}
