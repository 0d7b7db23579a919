import type { machine } from './stack.ts';

type Machine = ReturnType<typeof machine>;

/** The machine's size and its load before and after a run, printed with every result. */
export const loadAround = (before: Machine, after: Machine) => ({
  cpus: before.cpus,
  load_avg_1m_before: before.load_avg_1m,
  load_avg_1m_after: after.load_avg_1m,
});

/** Runs a benchmark's main: a failure prints its stack and exits 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.stack : String(err));
    process.exit(1);
  });
}
