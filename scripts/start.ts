import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { buildOnce } from './lib/build-once.ts';
import { defaultKeyFile, startEmbeddedSandbox, type EmbeddedSandbox } from './lib/embedded-sandbox.ts';
import { consoleDbTarget, openConsoleDb } from './lib/console-db.ts';
import { exitCodeOf } from './lib/exit-code.ts';
import { serverSettings } from '../server/edge/startup-settings.ts';
import { ensureDemoAccounts, localSessionPassword } from './lib/prepare-console.ts';
import { loadProjectEnv } from './lib/project-env.ts';
import { chooseSigningApi } from './lib/signing-api-choice.ts';
import { consoleServerArgs } from './lib/console-server-entry.ts';

// `npm start` (production build) and `npm run dev`: the console, and the embedded sandbox
// when no SIGNING_API_BASE_URL is configured.
const dev = process.argv.includes('--dev');
// An internal console sends nothing anywhere: Next's anonymous telemetry is off for the build
// and the server this starts (NEXT_TELEMETRY_DISABLED=0 in the environment turns it back on).
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
try {
  loadProjectEnv({ dev });
} catch (err) {
  console.error(`Signdesk did not start:\n  ${(err as Error).message.split('\n').join('\n  ')}`);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const consoleDataDir = resolve(process.env.CONSOLE_DATA_DIR ?? '.data/console');
let sandbox: EmbeddedSandbox | null = null;

async function main() {
  const env: NodeJS.ProcessEnv = { ...process.env, CONSOLE_DATA_DIR: consoleDataDir };
  const api = chooseSigningApi(process.env);
  if (api.kind === 'refused') throw new Error(api.message);
  if (api.kind === 'embedded') {
    sandbox = await startEmbeddedSandbox({
      dataDir: resolve(process.env.SANDBOX_DATA_DIR ?? '.data/sandbox'),
      port: Number(process.env.SANDBOX_PORT ?? 4010),
      keyFile: defaultKeyFile(consoleDataDir),
      quiet: !dev,
    });
    Object.assign(env, {
      SIGNING_API_BASE_URL: sandbox.url,
      SIGNING_API_KEY: sandbox.apiKey,
      // The embedded key's limit is the sandbox's default: the console paces itself to it.
      SIGNING_API_RATE_LIMIT_PER_MINUTE:
        Number(process.env.SIGNING_API_RATE_LIMIT_PER_MINUTE) > 0
          ? process.env.SIGNING_API_RATE_LIMIT_PER_MINUTE
          : process.env.SANDBOX_RATE_LIMIT_PER_MINUTE || '6000',
      SANDBOX_CONTROL_URL: sandbox.url,
      SANDBOX_CONTROL_TOKEN: sandbox.controlToken,
    });
    env.SESSION_PASSWORD ||= localSessionPassword(consoleDataDir);
    checkSettings(env);
    console.log(`Embedded sandbox: ${sandbox.url} (data in ${process.env.SANDBOX_DATA_DIR ?? '.data/sandbox'})`);
    const demo = await ensureDemoAccounts(consoleDataDir);
    console.log(`Demo accounts (password "${demo.password}"): ${demo.map((d) => d.email).join(', ')}`);
  } else {
    const missing = ['SIGNING_API_KEY', 'SESSION_PASSWORD'].filter((name) => !process.env[name]);
    if (missing.length > 0)
      throw new Error(`With SIGNING_API_BASE_URL set, ${missing.join(' and ')} must be set too (see .env.example).`);
    checkSettings(env);
    // Migrations run once here, before the server takes traffic (each instance may do so safely).
    await migrateOrExplain();
  }

  const next = resolve('node_modules/next/dist/bin/next');
  if (!dev) {
    // Instances started together on one checkout build it once (scripts/lib/build-once.ts).
    await buildOnce({
      distDir: process.env.NEXT_DIST_DIR || '.next',
      onWait: (holder) => say(`Waiting for the build started by ${holder}…`),
      build: () => {
        say('No production build yet: running next build (a few minutes on two cores)…');
        const build = spawn(process.execPath, [next, 'build'], { stdio: 'inherit', env });
        return new Promise<number>((done) => build.once('exit', (code) => done(code ?? 1)));
      },
    });
  }
  // Next's handler behind our own server, which pins the client address (scripts/console-server.ts,
  // bundled: scripts/lib/console-server-entry.ts).
  const server = spawn(process.execPath, [...consoleServerArgs(), ...(dev ? ['--dev'] : [])], {
    stdio: 'inherit',
    env: { ...env, PORT: String(port), HOST: host },
  });
  say(`Signdesk console: http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);

  let stopping = false;
  const shutdown = () => {
    stopping = true;
    void sandbox?.stop();
    server.kill('SIGTERM');
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  // The server's own exit code, so a supervisor restarting on failure sees one: a start-up
  // refusal or a crash is non-zero, and so is a server killed by a signal it was not asked to stop by.
  server.on('exit', (code, signal) => {
    void sandbox?.stop();
    process.exit(exitCodeOf({ code, signal, stopping }));
  });
  sandbox?.child.on('exit', (code) => {
    console.error(`The embedded sandbox stopped (code ${code}); stopping the console.`);
    server.kill('SIGTERM');
    process.exitCode = 1;
  });
}

/**
 * What this launcher says: to a person trying Signdesk on the embedded sandbox, plain lines; in
 * a deployment (a real workspace host), one JSON line each like the console's own, so the
 * service's whole log reads alike.
 */
function say(msg: string) {
  if (sandbox) return console.log(msg);
  const instance = process.env.INSTANCE_ID?.trim() || `${hostname()}:${port}`;
  console.log(JSON.stringify({ level: 'info', time: Date.now(), service: 'signdesk-console', instance, pid: process.pid, msg }));
}

/** Every setting checked before the database is opened or anything built: one line per problem. */
function checkSettings(env: NodeJS.ProcessEnv) {
  const checked = serverSettings({ ...env });
  if (!checked.ok) throw new SettingsRefused(checked.problems);
}

/** The settings' problems, each on a line of its own. */
class SettingsRefused extends Error {
  constructor(readonly problems: string[]) {
    super(`Signdesk did not start: ${problems.length} setting(s) to fix (see .env.example):\n  ${problems.join('\n  ')}`);
  }
}

/** Migrates the console database, or says which one could not be reached, by DATABASE_URL without its password. */
async function migrateOrExplain() {
  try {
    await (await openConsoleDb()).destroy();
  } catch (err) {
    const { databaseUrl, label } = consoleDbTarget();
    const why = (err as { code?: string }).code ?? (err as Error).message;
    throw new Error(`${databaseUrl ? 'DATABASE_URL' : 'CONSOLE_DATA_DIR'}: cannot open ${label} (${why})`);
  }
}

main().catch(async (err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  // A sandbox started before the failure must not outlive this process.
  await sandbox?.stop();
  process.exit(1);
});
