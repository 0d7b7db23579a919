import { connect, migrate } from '../server/db/connect.ts';
import { consoleDbTarget } from './lib/console-db.ts';
import { loadProjectEnv } from './lib/project-env.ts';

// npm run migrate: applies the console database's pending migrations and exits, so a rollout
// can migrate once, with a role allowed to, before any instance of the new version starts
// (instances migrate at start as well, under an advisory lock, and then find nothing to do).
// The server's configuration (.env files, then the environment): the database it will read.
loadProjectEnv();

async function main() {
  const { databaseUrl, dataDir, label } = consoleDbTarget();
  console.log(`Migrating ${label}…`);
  const conn = await connect({ databaseUrl, dataDir });
  let applied: string[];
  try {
    applied = await migrate(conn, Boolean(databaseUrl));
  } finally {
    await conn.destroy();
  }
  for (const name of applied) console.log(`  applied ${name}`);
  console.log(
    applied.length
      ? `${label} is up to date: ${applied.length} migration(s) applied.`
      : `${label} was up to date: nothing to apply.`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
