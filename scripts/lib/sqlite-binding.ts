import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const bindingPath = () =>
  join(dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node');

/**
 * better-sqlite3's native binding, compiled now if the install skipped it (CI installs with
 * --ignore-scripts and defers it: scripts/ci/install-scripts.mjs). The compile keeps one core
 * busy for about 50 s, which the console's build, lint and types use the other core beside;
 * only what opens a database waits for it. Resolves false, having said why, if it fails.
 * At the package's -O3: compiled at -O1 it was ready 40 s sooner, but the suites (the sandbox's
 * store and every console's database are SQLite) spent about a third more CPU and the run grew.
 */
export function sqliteBinding(): Promise<boolean> {
  if (existsSync(bindingPath())) return Promise.resolve(true);
  console.log('better-sqlite3 is not compiled yet: compiling it beside the build');
  return new Promise((resolve) => {
    spawn('npm', ['rebuild', 'better-sqlite3'], { stdio: 'inherit', env: { JOBS: 'max', ...process.env } }).once('close', (code) => {
      const ok = code === 0 && existsSync(bindingPath());
      if (!ok) console.error(`compiling better-sqlite3 failed (npm rebuild exited ${code}): the suites that open a database cannot run`);
      resolve(ok);
    });
  });
}
