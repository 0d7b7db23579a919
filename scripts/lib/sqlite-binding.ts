import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const bindingPath = () =>
  join(dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node');

/**
 * better-sqlite3's native binding, compiled now if the install skipped it (CI installs with
 * --ignore-scripts and defers it: scripts/ci/install-scripts.mjs). The compile keeps one core
 * busy, which the console's build, lint and types use the other core beside; only what opens a
 * database waits for it, and the Vitest run does, at the head of CI's critical path. So it is
 * compiled at -O1 rather than the package's -O3 (SQLite's one C file in 11 s instead of 34 s
 * here; the suites' small databases never notice), unless CFLAGS or CXXFLAGS say otherwise.
 * An ordinary `npm install` compiles it as the package says. Resolves false, having said why,
 * if it fails.
 */
export function sqliteBinding(): Promise<boolean> {
  if (existsSync(bindingPath())) return Promise.resolve(true);
  console.log('better-sqlite3 is not compiled yet: compiling it beside the build');
  return new Promise((resolve) => {
    // The Makefile node-gyp writes puts the environment's CFLAGS after its own: the last -O wins.
    const env = { JOBS: 'max', CFLAGS: '-O1', CXXFLAGS: '-O1', ...process.env };
    spawn('npm', ['rebuild', 'better-sqlite3'], { stdio: 'inherit', env }).once('close', (code) => {
      const ok = code === 0 && existsSync(bindingPath());
      if (!ok)
        console.error(`compiling better-sqlite3 failed (npm rebuild exited ${code}): the suites that open a database cannot run`);
      resolve(ok);
    });
  });
}
