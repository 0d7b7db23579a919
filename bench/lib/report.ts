import { machine } from './stack.ts';
import { loadAround } from './run.ts';

type Machine = ReturnType<typeof machine>;

// What every bench says of the machine: its size and load first, then the result line with
// the load around the run, so a slow result can be read against a busy machine.

export function machineAtStart(): Machine {
  const before = machine();
  console.log(`node ${process.version}; ${before.cpus} CPUs (${before.cpu_model}); load average at start ${before.load_avg_1m}`);
  return before;
}

/** The JSON result line; a missed target fails the process (after the line is out). */
export function reportResult(result: { bench: string; met: boolean } & Record<string, unknown>, before: Machine, after: Machine): void {
  console.log(JSON.stringify({ ...result, ...loadAround(before, after) }));
  if (!result.met) process.exitCode = 1;
}
