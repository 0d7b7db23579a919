import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildLockFile, buildOnce } from './build-once.ts';

// Instances started together on one checkout must build it once: the others wait for that
// build, never start on a half-written build directory, and a crashed build does not block
// every later start.
let root: string;
let distDir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'signdesk-build-once-'));
  distDir = join(root, '.next');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A stand-in for `next build`: writes BUILD_ID halfway through, as Next does. */
function fakeBuild(log: string[], opts: { ms?: number; status?: number } = {}) {
  return async () => {
    log.push('build started');
    mkdirSync(distDir, { recursive: true });
    await sleep((opts.ms ?? 300) / 2);
    if ((opts.status ?? 0) === 0) writeFileSync(join(distDir, 'BUILD_ID'), 'test');
    await sleep((opts.ms ?? 300) / 2);
    log.push('build finished');
    return opts.status ?? 0;
  };
}

describe('buildOnce', () => {
  it('builds once for two starts racing, and the other returns only after that build has finished', async () => {
    const log: string[] = [];
    const first = buildOnce({ distDir, build: fakeBuild(log), pollMs: 20 }).then((r) => (log.push(`first ${r}`), r));
    const second = buildOnce({ distDir, build: fakeBuild(log), pollMs: 20 }).then((r) => (log.push(`second ${r}`), r));
    expect((await Promise.all([first, second])).sort()).toEqual(['built', 'waited']);
    expect(log.filter((l) => l === 'build started')).toHaveLength(1);
    expect(log.indexOf('build finished')).toBeLessThan(log.findIndex((l) => l.endsWith('waited')));
    expect(existsSync(buildLockFile(distDir))).toBe(false);
  });

  it('does not build when a finished build is there', async () => {
    mkdirSync(distDir);
    writeFileSync(join(distDir, 'BUILD_ID'), 'done');
    const log: string[] = [];
    expect(await buildOnce({ distDir, build: fakeBuild(log) })).toBe('present');
    expect(log).toEqual([]);
  });

  it('waits on a build under way even when its BUILD_ID is already written', async () => {
    mkdirSync(distDir);
    writeFileSync(join(distDir, 'BUILD_ID'), 'half');
    writeFileSync(buildLockFile(distDir), JSON.stringify({ pid: process.pid, host: hostname(), startedAt: Date.now() }));
    let returned = false;
    const waiting = buildOnce({ distDir, build: fakeBuild([]), pollMs: 20 }).then((r) => ((returned = true), r));
    await sleep(200);
    expect(returned).toBe(false);
    rmSync(buildLockFile(distDir));
    expect(await waiting).toBe('waited');
  });

  it('takes over the lock of a build whose process is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(buildLockFile(distDir), JSON.stringify({ pid: gone, host: hostname(), startedAt: Date.now() }));
    const log: string[] = [];
    expect(await buildOnce({ distDir, build: fakeBuild(log), pollMs: 20 })).toBe('built');
    expect(log).toContain('build finished');
  });

  it('gives up waiting with a message naming the lock file', async () => {
    writeFileSync(buildLockFile(distDir), JSON.stringify({ pid: process.pid, host: hostname(), startedAt: Date.now() }));
    await expect(buildOnce({ distDir, build: fakeBuild([]), pollMs: 20, maxWaitMs: 150 })).rejects.toThrow(
      buildLockFile(distDir),
    );
  });

  it('reports a failed build and leaves no lock behind', async () => {
    await expect(buildOnce({ distDir, build: fakeBuild([], { status: 2 }), pollMs: 20 })).rejects.toThrow(/status 2/);
    expect(existsSync(buildLockFile(distDir))).toBe(false);
  });
});
