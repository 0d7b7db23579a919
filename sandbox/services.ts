import type { Logger } from 'pino';
import { join } from 'node:path';
import { Clock } from './clock.ts';
import { Faults } from './faults.ts';
import { FileStore } from './files.ts';
import { Idempotency } from './idempotency.ts';
import { Keys } from './keys.ts';
import { RateLimiter } from './rate-limit.ts';
import { Scheduler } from './scheduler.ts';
import type { CrashHook } from './test-crash.ts';
import { openDb, type Db } from './store/db.ts';
import { Records } from './store/records.ts';

/** Where one-time passwords go; tests replace it, nothing else can read them. */
export type OtpDelivery = (message: { email: string; requestId: string; code: string }) => void;

export interface ServicesOptions {
  dataDir: string;
  reset?: boolean;
  controlToken?: string;
  uploadCapacity: number;
  defaultRateLimitPerMinute: number;
  logger: Logger;
  otpDelivery?: OtpDelivery;
  crashHook?: CrashHook | null;
}

export interface Services {
  db: Db;
  records: Records;
  clock: Clock;
  keys: Keys;
  files: FileStore;
  idempotency: Idempotency;
  rateLimiter: RateLimiter;
  faults: Faults;
  scheduler: Scheduler;
  logger: Logger;
  controlToken?: string;
  defaultRateLimitPerMinute: number;
  uploads: { active: number; capacity: number };
  /** requests answered per app, so tests can prove a refused call never arrived */
  requestsByApp: Map<string, number>;
  otpDelivery: OtpDelivery;
  /** armed only by the crash tests' child processes (test-crash.ts) */
  crashHook: CrashHook | null;
  isProduction(): boolean;
  setProduction(on: boolean): void;
}

export function createServices(opts: ServicesOptions): Services {
  const db = openDb(opts.dataDir, { reset: opts.reset });
  const clock = new Clock(db);
  const readMode = () =>
    db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'production'").get()?.value === 'true';
  let production = readMode();
  return {
    db,
    records: new Records(db),
    clock,
    keys: new Keys(db),
    files: new FileStore(join(opts.dataDir, 'files')),
    idempotency: new Idempotency(db, () => clock.now()),
    rateLimiter: new RateLimiter(),
    faults: new Faults(),
    scheduler: new Scheduler(),
    logger: opts.logger,
    controlToken: opts.controlToken,
    defaultRateLimitPerMinute: opts.defaultRateLimitPerMinute,
    uploads: { active: 0, capacity: opts.uploadCapacity },
    requestsByApp: new Map(),
    // Without a test's delivery channel, codes go nowhere: no log, no response, no file.
    otpDelivery: opts.otpDelivery ?? (() => {}),
    crashHook: opts.crashHook ?? null,
    isProduction: () => production,
    setProduction(on) {
      production = on;
      db.prepare(
        "INSERT INTO meta (key, value) VALUES ('production', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      ).run(String(on));
    },
  };
}
