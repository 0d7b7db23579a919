import 'server-only';
import { hostname } from 'node:os';
import { instanceIdSchema, parseEnv, type Env } from './settings';

// The settings' schema is server/settings.ts; this is where the process's environment is read.
export { parseEnv, settingsProblems, type Env, type OidcSettings, type SessionKey } from './settings';

let cached: Env | null = null;

/** The only place secrets are read. A missing or bad variable stops start-up with one message. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

export const sandboxControl = () => {
  const e = env();
  return e.SANDBOX_CONTROL_URL && e.SANDBOX_CONTROL_TOKEN ? { url: e.SANDBOX_CONTROL_URL, token: e.SANDBOX_CONTROL_TOKEN } : null;
};

/**
 * Whether `npm start` took the embedded sandbox's demo password from DEMO_PASSWORD (a setting of
 * the start script's, scripts/lib/prepare-console.ts): only whether, for the sign-in page to say
 * where it is; the value is never read here.
 */
export const demoPasswordSet = () => Boolean(process.env.DEMO_PASSWORD);

/**
 * Which console process handled an action (the audit log): INSTANCE_ID, else host name and
 * port. Read on its own rather than through env(), so the CLI and the tests that write audit
 * entries need none of the rest of the configuration; env() still refuses a bad value.
 */
export function instanceId(): string {
  const given = instanceIdSchema.safeParse(process.env.INSTANCE_ID);
  return (given.success && given.data) || `${hostname()}:${process.env.PORT || '3000'}`;
}
