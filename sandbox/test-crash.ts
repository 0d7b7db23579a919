// SANDBOX_TEST_CRASH_AFTER=<operation>[@committed], the crash tests' hook. The process kills
// itself with SIGKILL (no cleanup, no flush, like a power cut) inside <operation>'s
// transaction, right after its write and its stored reply and before COMMIT; with
// `@committed`, right after COMMIT and before the answer is sent. Only main.ts reads the
// variable, so a sandbox started inside a test process can never be armed.

export type CrashPoint = 'written' | 'committed';

export interface CrashHook {
  operation: string;
  point: CrashPoint;
}

export function parseCrashHook(value: string | undefined): CrashHook | null {
  if (!value) return null;
  const [operation, point = 'written'] = value.split('@');
  if (!operation || (point !== 'written' && point !== 'committed')) {
    throw new Error(`SANDBOX_TEST_CRASH_AFTER must be <operation> or <operation>@committed, not "${value}"`);
  }
  return { operation, point };
}

export function crashIfArmed(hook: CrashHook | null, operation: string, point: CrashPoint): void {
  if (hook?.operation === operation && hook.point === point) process.kill(process.pid, 'SIGKILL');
}
