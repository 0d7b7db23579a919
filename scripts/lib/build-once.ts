import { closeSync, existsSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export interface BuildOnceOptions {
  /** the build directory (NEXT_DIST_DIR or .next), absolute or relative to the working directory */
  distDir: string;
  /** runs the build; resolves with its exit status */
  build(): Promise<number>;
  /** told once when this start waits for another one's build */
  onWait?(holder: string): void;
  pollMs?: number;
  /** how long to wait for another start's build before giving up */
  maxWaitMs?: number;
}

interface LockHolder {
  pid: number;
  host: string;
  startedAt: number;
}

// Beside the build directory, not in it: `next build` empties its directory as it starts.
export const buildLockFile = (distDir: string) => `${distDir.replace(/\/+$/, '')}.build-lock`;

// A lock nobody could have written a holder into yet (a crash between create and write)
// is stale after this long; a holder on another host (a shared disk) after an hour.
const UNREADABLE_STALE_MS = 30_000;
const OTHER_HOST_STALE_MS = 60 * 60_000;

/**
 * Builds the console unless a finished build is there, under an exclusive lock file, so that
 * instances started together on one checkout build once: the others wait for the lock, not
 * for BUILD_ID, which Next writes halfway through its build.
 */
export async function buildOnce(opts: BuildOnceOptions): Promise<'built' | 'present' | 'waited'> {
  const lock = buildLockFile(opts.distDir);
  const deadline = Date.now() + (opts.maxWaitMs ?? 30 * 60_000);
  let waited = false;
  for (;;) {
    const fd = tryCreate(lock);
    if (fd === 'read-only') {
      if (built(opts.distDir)) return 'present';
      throw new Error(`No build in ${opts.distDir}, and ${lock} cannot be created to build it: run \`npm run build\` first.`);
    }
    if (fd !== null) {
      try {
        const holder: LockHolder = { pid: process.pid, host: hostname(), startedAt: Date.now() };
        writeSync(fd, JSON.stringify(holder));
        closeSync(fd);
        if (built(opts.distDir)) return waited ? 'waited' : 'present';
        const status = await opts.build();
        if (status !== 0) throw new Error(`next build failed (exit status ${status}).`);
        return 'built';
      } finally {
        unlinkSync(lock);
      }
    }
    const holder = readHolder(lock);
    if (holder !== null && isStale(lock, holder)) {
      removeIfUnchanged(lock, holder);
      continue;
    }
    if (!waited) opts.onWait?.(describe(holder));
    waited = true;
    if (Date.now() > deadline) {
      throw new Error(`Gave up waiting for the build of ${describe(holder)}: if no build is running, delete ${lock}.`);
    }
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 500));
  }
}

const built = (distDir: string) => existsSync(join(distDir, 'BUILD_ID'));

function tryCreate(lock: string): number | null | 'read-only' {
  try {
    return openSync(lock, 'wx', 0o644);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return null;
    if (code === 'EACCES' || code === 'EROFS' || code === 'EPERM') return 'read-only';
    throw err;
  }
}

/** The holder written in the lock; 'unreadable' while it is being written; null once it is gone. */
function readHolder(lock: string): LockHolder | 'unreadable' | null {
  let text: string;
  try {
    text = readFileSync(lock, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string' && typeof parsed.startedAt === 'number') {
      return { pid: parsed.pid, host: parsed.host, startedAt: parsed.startedAt };
    }
  } catch {
    // still being written, or not ours
  }
  return 'unreadable';
}

function isStale(lock: string, holder: LockHolder | 'unreadable'): boolean {
  if (holder === 'unreadable') {
    try {
      return Date.now() - statSync(lock).mtimeMs > UNREADABLE_STALE_MS;
    } catch {
      return false; // gone meanwhile: the next round takes it
    }
  }
  if (holder.host !== hostname()) return Date.now() - holder.startedAt > OTHER_HOST_STALE_MS;
  return !alive(holder.pid);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Two waiters may judge the same lock stale: the second must not remove the one the first
// has just created, so the holder is read again right before removing.
function removeIfUnchanged(lock: string, holder: LockHolder | 'unreadable') {
  if (JSON.stringify(readHolder(lock)) !== JSON.stringify(holder)) return;
  try {
    unlinkSync(lock);
  } catch {
    // removed by another waiter
  }
}

const describe = (holder: LockHolder | 'unreadable' | null) =>
  holder === null || holder === 'unreadable' ? 'another start' : `process ${holder.pid} on ${holder.host}`;
