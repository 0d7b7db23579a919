import { consoleDbTarget, openConsoleDb } from './lib/console-db.ts';
import { loadProjectEnv } from './lib/project-env.ts';
import { liftFromShell, printThrottled } from './lib/throttle-cli.ts';

// npm run unthrottle                 the accounts throttled at sign-in now
// npm run unthrottle -- <e-mail>     lifts that account's throttle (audited)
const USAGE = `Usage:
  npm run unthrottle                 list the accounts throttled at sign-in
  npm run unthrottle -- <e-mail>     lift that account's throttle`;

// The server's configuration (.env files, then the environment): the throttle lives in its database.
loadProjectEnv();

async function main() {
  const [email, ...rest] = process.argv.slice(2);
  if (email === '--help' || email === '-h' || rest.length > 0) return console.log(USAGE);
  console.log(`Database: ${consoleDbTarget().label}`);
  const conn = await openConsoleDb();
  try {
    if (email) await liftFromShell(conn, email);
    else await printThrottled(conn);
  } finally {
    await conn.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
