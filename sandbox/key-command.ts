import { parseArgs } from 'node:util';
import { z } from 'zod';
import { REQUESTER_ROLES, SCOPES } from './keys.ts';

export const KEY_USAGE = `Usage: SANDBOX_CONTROL_TOKEN=<token> npm run --silent sandbox -- key [options] >> .env
  --url <url>          the running sandbox (default http://127.0.0.1:$SANDBOX_PORT, else :4010)
  --instances <n>      console instances sharing the key (default 1): each gets limit ÷ n
  --rate-limit <n>     the key's limit in requests a minute (default: the sandbox's, SANDBOX_RATE_LIMIT_PER_MINUTE; 0 = none)
  --app-id <id>        the app the key belongs to (default signdesk-console)
  --role <role>        requester role: ${REQUESTER_ROLES.join(', ')} (default admin)
  --wait <seconds>     how long to wait for a sandbox that is still starting (default 30)
Creates a key with every scope (${SCOPES.length}) and prints the lines a console instance needs.`;

const optionsSchema = z.object({
  SANDBOX_CONTROL_TOKEN: z
    .string({ message: 'SANDBOX_CONTROL_TOKEN must be set to the running sandbox’s control token' })
    .min(16, 'SANDBOX_CONTROL_TOKEN must be at least 16 characters'),
  url: z
    .url({ protocol: /^https?$/, message: '--url must be the sandbox’s http(s) URL' })
    .transform((u) => u.replace(/\/+$/, '')),
  instances: z.coerce.number({ message: '--instances must be a whole number of at least 1' }).int().min(1),
  rateLimit: z.coerce.number({ message: '--rate-limit must be a whole number' }).int().min(0).optional(),
  appId: z.string(),
  role: z.enum(REQUESTER_ROLES, { message: `--role must be one of ${REQUESTER_ROLES.join(', ')}` }),
  waitSeconds: z.coerce.number().min(0),
});

const keyAnswer = z.object({
  api_key: z.string(),
  app_id: z.string(),
  scopes: z.array(z.string()),
  rate_limit_per_minute: z.number(),
});

/**
 * `npm run sandbox -- key`: creates an app's key on a running sandbox through its control
 * plane and returns the env lines for the console instances that will share it, the rate
 * limit divided among them (the console paces itself to its share).
 */
export async function keyCommand(argv: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      instances: { type: 'string', default: '1' },
      'rate-limit': { type: 'string' },
      'app-id': { type: 'string', default: 'signdesk-console' },
      role: { type: 'string', default: 'admin' },
      wait: { type: 'string', default: '30' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return KEY_USAGE;
  const parsed = optionsSchema.safeParse({
    SANDBOX_CONTROL_TOKEN: env.SANDBOX_CONTROL_TOKEN || undefined,
    url: values.url ?? `http://127.0.0.1:${env.SANDBOX_PORT || 4010}`,
    instances: values.instances,
    rateLimit: values['rate-limit'],
    appId: values['app-id'],
    role: values.role,
    waitSeconds: values.wait,
  });
  if (!parsed.success) throw new Error(`${parsed.error.issues.map((i) => i.message).join('; ')}\n${KEY_USAGE}`);
  const o = parsed.data;

  const res = await postWhenListening(`${o.url}/__sandbox/keys`, o.waitSeconds * 1000, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-control': o.SANDBOX_CONTROL_TOKEN },
    body: JSON.stringify({
      app_id: o.appId,
      scopes: SCOPES,
      requester_role: o.role,
      ...(o.rateLimit !== undefined ? { rate_limit_per_minute: o.rateLimit } : {}),
    }),
  });
  if (res.status !== 201) throw new Error(`The sandbox refused the key: ${res.status} ${(await res.text()).slice(0, 300)}`);
  const key = keyAnswer.parse(await res.json());
  const limit = key.rate_limit_per_minute;
  // 0 tells the console the limit is not known: with a key that has none, only a 429 holds it.
  const share = limit === 0 ? 0 : Math.max(1, Math.floor(limit / o.instances));
  return [
    `# Signing API key of app ${key.app_id} (${key.scopes.length} scopes): ${limit === 0 ? 'no rate limit' : `${limit} requests a minute`}, shared by ${o.instances} instance${o.instances === 1 ? '' : 's'}`,
    `SIGNING_API_BASE_URL=${o.url}`,
    `SIGNING_API_KEY=${key.api_key}`,
    `SIGNING_API_RATE_LIMIT_PER_MINUTE=${share}`,
  ].join('\n');
}

// The README starts the sandbox in the background and asks for the key at once.
async function postWhenListening(url: string, waitMs: number, init: RequestInit): Promise<Response> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return await fetch(url, init);
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`No sandbox answered at ${url}: ${(err as Error).cause ?? err}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
