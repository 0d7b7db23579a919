// No `import 'server-only'`: the console's own server (scripts/console-server.ts) checks every
// setting with this schema before it listens, under plain node. Nothing here reads process.env:
// server/env.ts does, and is the only place secrets are read.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { parseTrustedProxies } from '@/server/edge/forwarded';
import { parseRoleMap, type RoleMap } from '@/lib/auth/role-map';
import { parseTeamMap, type TeamMap } from '@/lib/auth/team-map';

// The API key and the control token travel in headers: plain HTTP is only for a service on
// this machine (the embedded sandbox), where nothing crosses a network.
const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);

const apiUrl = (name: string) =>
  z
    .url({ protocol: /^https?$/, message: `${name} must be an https:// URL` })
    .refine((u) => {
      if (!URL.canParse(u)) return true; // already reported as not a URL
      const { protocol, hostname } = new URL(u);
      return protocol === 'https:' || isLoopback(hostname);
    }, `${name} must be an https:// URL; plain http:// is allowed only for localhost, 127.0.0.0/8 or [::1]`)
    .transform((u) => u.replace(/\/+$/, ''));

// Which peers may speak for the client through X-Forwarded-For / X-Forwarded-Proto: none by
// default, since anyone else can write those headers. Read by the console server's own parser
// (server/edge/forwarded.ts), so the server and env() refuse exactly the same entries.
const trustedProxies = z
  .string()
  .default('')
  .transform((s, ctx) => {
    try {
      return [...parseTrustedProxies(s).entries];
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message.replace(/^TRUSTED_PROXIES: /, '') : 'invalid' });
      return [];
    }
  });

/** A session password and the id its seals carry (iron's password id), stable across rotations. */
export interface SessionKey {
  id: string;
  secret: string;
}

// `id:password`, the id a positive integer of at most 9 digits. Without one, the id comes from
// the password itself, above every explicit id, so it stays the same wherever the password
// stands in the list and whatever is added or removed around it.
const EXPLICIT_ID = /^([1-9]\d{0,8}):(.*)$/s;
const derivedId = (secret: string) => String(2 ** 47 + (createHash('sha256').update(secret).digest().readUIntBE(0, 6) % 2 ** 47));

/** One password, or several separated by commas for rotation: the first seals, all unseal. */
const sessionPasswords = z.string().transform((value, ctx): SessionKey[] => {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) ctx.addIssue({ code: 'custom', message: 'at least one password is required' });
  const keys = entries.map((entry): SessionKey => {
    const explicit = EXPLICIT_ID.exec(entry);
    return explicit ? { id: explicit[1]!, secret: explicit[2]!.trim() } : { id: derivedId(entry), secret: entry };
  });
  // Entries are named by position: the message must not quote a password.
  keys.forEach((key, i) => {
    if (key.secret.length < 32) ctx.addIssue({ code: 'custom', message: `entry ${i + 1} must be at least 32 characters` });
    const first = keys.findIndex((k) => k.id === key.id);
    if (first < i)
      ctx.addIssue({ code: 'custom', message: `entries ${first + 1} and ${i + 1} have the same id (or are the same password)` });
  });
  return keys;
});

/** A name for this console process in the audit log; empty = host name and port. */
export const instanceIdSchema = z
  .string()
  .trim()
  .max(100, 'at most 100 characters')
  .regex(/^[\x20-\x7e]*$/, 'printable ASCII only')
  .optional();

const blankIsUnset = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), inner);

// Sign-in with the company's identity provider (OpenID Connect). Set OIDC_ISSUER to turn it on;
// the rest is checked together in checkOidc, so one message names every variable to fix.
const oidcVariables = {
  OIDC_ISSUER: blankIsUnset(apiUrl('OIDC_ISSUER').optional()),
  OIDC_CLIENT_ID: blankIsUnset(z.string().max(500).optional()),
  /** none for a public client, which PKCE protects */
  OIDC_CLIENT_SECRET: blankIsUnset(z.string().max(2000).optional()),
  OIDC_SCOPES: blankIsUnset(
    z
      .string()
      .default('openid email profile')
      .transform((v) => v.split(/\s+/).filter(Boolean))
      .refine((scopes) => scopes.includes('openid'), 'must include openid'),
  ),
  OIDC_GROUPS_CLAIM: blankIsUnset(z.string().max(200).default('groups')),
  OIDC_ROLE_MAP: blankIsUnset(
    z
      .string()
      .transform((text, ctx): RoleMap => {
        const parsed = parseRoleMap(text);
        if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.problem });
        return parsed.ok ? parsed.map : new Map();
      })
      .optional(),
  ),
  /** `group=team` pairs: team memberships fed by the provider's groups at each sign-in; unset = teams are kept by hand */
  OIDC_TEAM_MAP: blankIsUnset(
    z
      .string()
      .transform((text, ctx): TeamMap => {
        const parsed = parseTeamMap(text);
        if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.problem });
        return parsed.ok ? parsed.map : new Map();
      })
      .optional(),
  ),
  /** what the sign-in page calls the provider: "Sign in with …" */
  OIDC_PROVIDER_NAME: blankIsUnset(z.string().max(60).default('single sign-on')),
  /** false: no password sign-in but the break-glass one (admins, at /sign-in?local=1); needs OIDC */
  LOCAL_SIGN_IN: blankIsUnset(
    z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .default('true')
      .transform((v) => v === 'true'),
  ),
};

function checkOidc(
  e: {
    OIDC_ISSUER?: string;
    OIDC_CLIENT_ID?: string;
    OIDC_CLIENT_SECRET?: string;
    OIDC_ROLE_MAP?: RoleMap;
    OIDC_TEAM_MAP?: TeamMap;
    CONSOLE_PUBLIC_URL?: string;
    LOCAL_SIGN_IN: boolean;
  },
  ctx: z.RefinementCtx,
) {
  const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!e.OIDC_ISSUER) {
    if (e.OIDC_CLIENT_ID || e.OIDC_CLIENT_SECRET || e.OIDC_ROLE_MAP || e.OIDC_TEAM_MAP)
      need('OIDC_ISSUER', 'is required once any OIDC_ variable is set (the provider’s issuer URL)');
    if (!e.LOCAL_SIGN_IN) need('LOCAL_SIGN_IN', 'can be false only with OIDC_ISSUER set: nobody could sign in');
    return;
  }
  if (!e.OIDC_CLIENT_ID) need('OIDC_CLIENT_ID', 'is required with OIDC_ISSUER (the client id the provider gave Signdesk)');
  if (!e.OIDC_ROLE_MAP) need('OIDC_ROLE_MAP', 'is required with OIDC_ISSUER, e.g. signdesk-admins=admin,signdesk-senders=sender');
  if (!e.CONSOLE_PUBLIC_URL)
    need('CONSOLE_PUBLIC_URL', 'is required with OIDC_ISSUER: the redirect URL registered with the provider is derived from it');
}

/** Every variable this module reads, as the environment gives it (docs/running/configuration.md is generated from it). */
export const settingsFields = z.object({
  SIGNING_API_BASE_URL: apiUrl('SIGNING_API_BASE_URL'),
  SIGNING_API_KEY: z.string().min(8, 'must be the API key issued for this console'),
  SESSION_PASSWORD: sessionPasswords,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CONSOLE_DATA_DIR: z.string().min(1).default('.data/console'),
  /** PostgreSQL connections one instance may hold (instances × this must stay below the server's max_connections) */
  DATABASE_POOL_MAX: blankIsUnset(
    z
      .string()
      .trim()
      .regex(/^\d{1,4}$/, 'must be a whole number from 1 to 1000')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 1000, 'must be a whole number from 1 to 1000')
      .default(10),
  ),
  SIGNING_API_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  /** this instance's share of the key's rate limit; 0 when it is not known (then only a 429 holds requests) */
  SIGNING_API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(10_000_000).default(0),
  /** Home: a package expiring within this many days is "expiring soon" */
  HOME_EXPIRING_DAYS: z.coerce.number().int().min(1).max(60).default(3),
  /** Home: a package still queued this many hours after sending is "stuck" (queued is not delivery) */
  HOME_STUCK_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  /** Home: how long the API's lists it reads are shared by every user before being read again */
  HOME_CACHE_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  /** Home: a review not yet sent is listed under "Needs you" once its receipt has this many minutes left (of 10) */
  HOME_REVIEW_WARN_MINUTES: z.coerce.number().int().min(1).max(10).default(5),
  /** bulk send: batches one user may keep stored; one more is refused until a settled one is deleted */
  BULK_BATCHES_PER_USER: z.coerce.number().int().min(1).max(10_000).default(20),
  /** bulk send: a settled batch untouched this many days is deleted when its owner makes a batch; 0 = kept until deleted */
  BULK_BATCH_EXPIRY_DAYS: z.coerce.number().int().min(0).max(3650).default(90),
  /** retention: audit entries older than this many days are deleted by the retention job; 0 keeps them all */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(0),
  /** retention: settled intents (succeeded, failed) untouched this many days are deleted; unknown ones never; 0 keeps them all */
  INTENT_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(90),
  /** an unknown send outcome left this long (no tab confirmed it) is confirmed by the server under its key; 0 = never */
  INTENT_SETTLE_AFTER_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** the watcher (server/watcher/): seconds between its runs, which read what is open at the API; 0 = off */
  WATCHER_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  /** the watcher's share of the key: API calls one run may make; a run that spends it goes on at the next */
  WATCHER_MAX_CALLS_PER_RUN: z.coerce.number().int().min(1).max(10_000).default(20),
  /** e-mail of notifications (issue 37): smtp://user:pass@host:587 (STARTTLS when offered) or smtps:// (implicit TLS); unset = no e-mail */
  SMTP_URL: blankIsUnset(z.url({ protocol: /^smtps?$/, message: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional()),
  /** the From of notification e-mail, e.g. `Signdesk <signdesk@example.com>`; required with SMTP_URL */
  MAIL_FROM: blankIsUnset(z.string().max(320).optional()),
  /** seconds between runs of the notify job (events to notifications) and the mail job (notifications to e-mail) */
  NOTIFY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** a package sent from this console is told "expiring soon" once, this many hours before its expires_at */
  NOTIFY_EXPIRING_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  /** a package still queued (not delivered) this many minutes after it was sent is told to its sender, once */
  NOTIFY_QUEUED_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  /** an action whose answer was lost and is still unconfirmed after this many minutes is told to its author, once */
  NOTIFY_UNCONFIRMED_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(10),
  /** admins are told once when the Signing API has been unreachable for this many minutes */
  NOTIFY_API_DOWN_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(5),
  /** the first wait before a failed e-mail is tried again; doubled each time, up to an hour */
  MAIL_RETRY_FIRST_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /** how long an instance holds a delivery it is mailing; after this another instance takes it as lost (its instance died) and mails it */
  MAIL_CLAIM_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** teams: `team` (once a team exists, a person sees their teams' records) or `everyone` (every record to everyone, as before teams) */
  TEAM_VISIBILITY: blankIsUnset(z.enum(['team', 'everyone'], { message: 'must be team or everyone' }).default('team')),
  /** drafts (package and request drafts together) one user may keep */
  DRAFTS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(200),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** set only when the console runs on its embedded sandbox: enables the sandbox panel */
  SANDBOX_CONTROL_URL: z.preprocess((v) => (v === '' ? undefined : v), apiUrl('SANDBOX_CONTROL_URL').optional()),
  /** comma-separated addresses or CIDR ranges of the reverse proxies in front of the console, or `loopback` */
  TRUSTED_PROXIES: trustedProxies,
  SANDBOX_CONTROL_TOKEN: z
    .string()
    .min(16)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  INSTANCE_ID: instanceIdSchema,
  /** as users' browsers reach the console; sign-in with a provider derives its redirect URL from it */
  CONSOLE_PUBLIC_URL: blankIsUnset(z.string().optional()),
  /** Bearer token Prometheus scrapes GET /api/metrics with; unset = no metrics at all (404) */
  METRICS_TOKEN: blankIsUnset(
    z
      .string()
      .min(32, 'must be at least 32 characters')
      .max(500, 'must be at most 500 characters')
      .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces only')
      .optional(),
  ),
  // Upload slots (issue 33): how many uploads one user, and this instance, handle at once.
  /** uploads one user may have in flight on this instance; more are refused at once (429) */
  UPLOADS_PER_USER: z.coerce.number().int().min(1).max(20).default(2),
  /** uploads this instance sends to the API at once: keep the sum over instances under the API's upload capacity */
  UPLOADS_PER_INSTANCE: z.coerce.number().int().min(1).max(64).default(4),
  /** uploads this instance receives at once, each into a temp file of at most 25 MB; more are refused at once (503) */
  UPLOADS_RECEIVING_PER_INSTANCE: z.coerce.number().int().min(1).max(256).default(16),
  ...oidcVariables,
});

// E-mail needs a sender, and its links need the console's public address.
function checkMail(e: { SMTP_URL?: string; MAIL_FROM?: string; CONSOLE_PUBLIC_URL?: string }, ctx: z.RefinementCtx) {
  if (!e.SMTP_URL) return;
  if (!e.MAIL_FROM || !/^[^<>]*<?[^\s@<>]+@[^\s@<>]+>?$/.test(e.MAIL_FROM.trim()))
    ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'is required with SMTP_URL: an address, or Name <address>' });
  if (!e.CONSOLE_PUBLIC_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['CONSOLE_PUBLIC_URL'],
      message: 'is required with SMTP_URL: the links in e-mail are made from it',
    });
}

const schema = settingsFields
  .superRefine(checkOidc)
  .superRefine(checkMail)
  .transform(
    ({
      OIDC_ISSUER,
      OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET,
      OIDC_SCOPES,
      OIDC_GROUPS_CLAIM,
      OIDC_ROLE_MAP,
      OIDC_TEAM_MAP,
      OIDC_PROVIDER_NAME,
      ...rest
    }) => ({
      ...rest,
      /** sign-in with the company's identity provider; null when OIDC_ISSUER is unset */
      oidc:
        OIDC_ISSUER && OIDC_CLIENT_ID && OIDC_ROLE_MAP && rest.CONSOLE_PUBLIC_URL
          ? {
              issuer: OIDC_ISSUER,
              clientId: OIDC_CLIENT_ID,
              clientSecret: OIDC_CLIENT_SECRET,
              scopes: OIDC_SCOPES,
              groupsClaim: OIDC_GROUPS_CLAIM,
              roleMap: OIDC_ROLE_MAP,
              /** null: memberships are an admin's to keep */
              teamMap: OIDC_TEAM_MAP ?? null,
              providerName: OIDC_PROVIDER_NAME,
              redirectUri: `${rest.CONSOLE_PUBLIC_URL.replace(/\/+$/, '')}/api/auth/oidc/callback`,
            }
          : null,
    }),
  );

export type Env = z.infer<typeof schema>;
export type OidcSettings = NonNullable<Env['oidc']>;

/** The environment `source` describes, or one error listing every missing or bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = problemsOf(result.error).map((line) => `  ${line}`);
    throw new Error(`Signdesk configuration is invalid (see .env.example):\n${lines.join('\n')}`);
  }
  return result.data;
}

const problemsOf = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);

/** Each problem of the environment `source` describes, one line each naming its variable; none when it is good. */
export function settingsProblems(source: Record<string, string | undefined>): string[] {
  const result = schema.safeParse(source);
  return result.success ? [] : problemsOf(result.error);
}
