import { resolve } from 'node:path';
import { readConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { startSandbox } from './server.ts';
import { parseCrashHook } from './test-crash.ts';
import { keyCommand } from './key-command.ts';
import { loadProjectEnv } from '../scripts/lib/project-env.ts';

// `npm run sandbox [-- --reset]`: the Signing API sandbox as a standalone process.
// `npm run sandbox -- key …`: a key on a running one, as env lines (key-command.ts).
// Both read the .env files the console reads, the environment winning.
loadProjectEnv();

async function main() {
  if (process.argv[2] === 'key') {
    process.stdout.write(`${await keyCommand(process.argv.slice(3), process.env)}\n`);
    return;
  }
  // Whatever this process creates is the owner's alone; store/db.ts and files.ts set their
  // modes too, and this covers any file a later change forgets to (issue 19).
  process.umask(0o077);
  const config = readConfig();
  const logger = createLogger(config.SANDBOX_LOG_LEVEL);
  const reset = process.argv.includes('--reset');
  const sandbox = await startSandbox({
    dataDir: resolve(config.SANDBOX_DATA_DIR),
    port: config.SANDBOX_PORT,
    host: config.SANDBOX_HOST,
    reset,
    controlToken: config.SANDBOX_CONTROL_TOKEN,
    uploadCapacity: config.SANDBOX_UPLOAD_CAPACITY,
    defaultRateLimitPerMinute: config.SANDBOX_RATE_LIMIT_PER_MINUTE,
    dialect: config.SANDBOX_DIALECT,
    logger,
    crashHook: parseCrashHook(config.SANDBOX_TEST_CRASH_AFTER),
  });
  logger.info({ url: sandbox.url, control_plane: Boolean(config.SANDBOX_CONTROL_TOKEN), reset }, 'sandbox listening');
  // Machine-readable line for the console's start script, which waits for it.
  if (process.env.SANDBOX_READY_LINE === '1') process.stdout.write(`SANDBOX_READY ${sandbox.url}\n`);
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
