import { buildSync } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Inside node_modules, so that the bundle's own imports (next) resolve from the project. */
const CACHE = join(ROOT, 'node_modules', '.cache', 'signdesk');
const SOURCE = join(ROOT, 'scripts', 'console-server.ts');

/**
 * scripts/console-server.ts bundled into one plain module for `node` to run, and its path.
 * Under tsx's loader, every module Next loads (it loads a route's on first request) passed
 * through the loader too: started as a bundle, a console spends about 1 CPU-s less per start.
 * Bundled at each start (some 20 ms), so the bundle is never older than its sources; packages
 * stay imports. Named by its content, so consoles started side by side share one file.
 */
export function consoleServerEntry(cacheDir = CACHE): string {
  const [out] = buildSync({
    entryPoints: [SOURCE],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  }).outputFiles;
  if (!out) throw new Error('esbuild produced no bundle of scripts/console-server.ts');
  const file = join(cacheDir, `console-server-${createHash('sha256').update(out.contents).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(cacheDir, { recursive: true });
    // Written aside and renamed, so a console starting alongside never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, out.contents);
    renameSync(partial, file);
  }
  return file;
}

/**
 * How `node` runs the console server: the bundle, or, where the project cannot be written to
 * (a read-only image), the source under tsx as before.
 */
export function consoleServerArgs(cacheDir = CACHE): string[] {
  try {
    return [consoleServerEntry(cacheDir)];
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EROFS' || code === 'EPERM') return ['--import', 'tsx', SOURCE];
    throw err;
  }
}
