import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SCOPES } from '../sandbox/keys.ts';
import {
  CONSOLE_PORTS,
  exited,
  freePort,
  keepTail,
  root,
  spawnConsole,
  waitForConsole,
} from '../tests/support/console-process.ts';
import { startTestProvider, type TestProvider } from '../tests/support/oidc-provider.ts';
import { SANDBOX_PORT } from '../playwright.config.ts';
import { control } from './fixtures.ts';

// A console of its own for the sign-in journeys, configured as a company runs it: sign-in with
// its identity provider (a real OpenID Provider on loopback, run in this worker so a journey can
// change a person's groups), password sign-in off but for the break-glass admin, and the
// journeys' sandbox behind it. The shared console keeps password sign-in for everyone else.

export const PROVIDER_NAME = 'Acme SSO';
export const BREAK_GLASS = { email: 'break-glass@acme.test', password: 'break-glass-password-0123' };
export const LOCAL_OPERATOR = { email: 'local-operator@acme.test', password: 'local-operator-password-42' };

export interface OidcStack {
  url: string;
  idp: TestProvider;
  close(): Promise<void>;
}

const run = promisify(execFile);

async function addUser(dataDir: string, who: { email: string; password: string }, roles: string) {
  await run(
    process.execPath,
    [
      '--conditions=react-server',
      '--import',
      'tsx',
      'scripts/user.ts',
      'add',
      '--email',
      who.email,
      '--name',
      who.email.split('@')[0]!,
      '--roles',
      roles,
      '--password',
      who.password,
    ],
    { cwd: root, env: { ...process.env, CONSOLE_DATA_DIR: dataDir } },
  );
}

export async function startOidcStack(): Promise<OidcStack> {
  const port = await freePort(CONSOLE_PORTS);
  const url = `http://127.0.0.1:${port}`;
  const idp = await startTestProvider({
    port: await freePort(),
    redirectUri: `${url}/api/auth/oidc/callback`,
    postLogoutRedirectUri: `${url}/sign-in?signed_out=1`,
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'oidc-journeys-'));
  const { api_key: apiKey } = (await control('/keys', { app_id: `app_oidc_journeys_${port}`, scopes: [...SCOPES] })) as {
    api_key: string;
  };
  // One after the other: the first one makes the database.
  await addUser(dataDir, BREAK_GLASS, 'admin');
  await addUser(dataDir, LOCAL_OPERATOR, 'operator');
  const child = spawnConsole({
    port,
    env: {
      SIGNING_API_BASE_URL: `http://127.0.0.1:${SANDBOX_PORT}`,
      SIGNING_API_KEY: apiKey,
      SESSION_PASSWORD: 'oidc-journeys-session-password-0123456789abcdef',
      CONSOLE_DATA_DIR: dataDir,
      CONSOLE_PUBLIC_URL: url,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_ROLE_MAP: 'signdesk-admins=admin,signdesk-senders=sender,signdesk-ops=operator',
      OIDC_PROVIDER_NAME: PROVIDER_NAME,
      LOCAL_SIGN_IN: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: undefined,
      SANDBOX_CONTROL_URL: undefined,
    },
  });
  const log = keepTail(child);
  const close = async () => {
    child.kill('SIGTERM');
    await exited(child);
    await idp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForConsole({ url, child, log });
  } catch (err) {
    await close();
    throw err;
  }
  return { url, idp, close };
}
