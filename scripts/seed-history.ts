import { parseArgs } from 'node:util';
import { openConsoleDb, consoleDbTarget } from './lib/console-db.ts';
import { loadProjectEnv } from './lib/project-env.ts';
import { seedHistory } from './lib/seed-history.ts';

// npm run seed:history [-- --packages 100000 --requests 20000]: a year of history for the
// insights page (issue 39) in the console's database (CONSOLE_DATA_DIR's SQLite file, or
// DATABASE_URL): packages sent across 4 teams, 12 senders and 8 templates, approval requests,
// and what the watcher would have recorded of them. For benchmarks and demonstrations, never
// for a console people use: its rows are marked `seed_` and a new run replaces them.
loadProjectEnv();

async function main() {
  const { values } = parseArgs({ options: { packages: { type: 'string' }, requests: { type: 'string' } } });
  const packages = Number(values.packages ?? 100_000);
  const requests = Number(values.requests ?? 20_000);
  if (!Number.isInteger(packages) || packages < 0 || !Number.isInteger(requests) || requests < 0) {
    throw new Error('--packages and --requests take whole numbers (0 or more).');
  }
  const { label } = consoleDbTarget();
  console.log(`Seeding ${label} with ${packages} packages and ${requests} approval requests over a year…`);
  const started = performance.now();
  const db = await openConsoleDb();
  try {
    await seedHistory(db, { packages, requests, progress: (line) => console.log(line) });
  } finally {
    await db.destroy();
  }
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
