// The configuration reference (docs/running/configuration.md) is generated from this list, and
// the list reads each variable's type, default and bounds from the schema that parses it:
// server/settings.ts for the console's settings, sandbox/config.ts for the sandbox's. The console
// server's own steps (server/edge/) and the start script parse theirs by hand, so their schemas
// are written here, and settings-reference.unit.test.ts holds each one to its parser.
import { z } from 'zod';
import { settingsFields } from '../../../server/settings.ts';
import { sandboxSettingsSchema } from '../../../sandbox/config.ts';
import { DEFAULT_LIMITS } from '../../../server/edge/body-deadlines.ts';
import { DEFAULT_CONNECTION_LIMITS } from '../../../server/edge/connection-limits.ts';

/** Who reads the variable, which is also the schema it is checked by. */
export type SettingSource = 'console' | 'console server' | 'sandbox' | 'start script';

export interface SettingEntry {
  name: string;
  group: string;
  source: SettingSource;
  purpose: string;
  schema: z.ZodType;
  /** a default the schema cannot state (a value checked by a pattern, then turned into a number) */
  defaultText?: string;
  /** bounds the schema cannot state, for the same reason */
  boundsText?: string;
  /** a secret: never write a value for it anywhere but a secret store */
  secret?: boolean;
}

const consoleField = (name: keyof typeof settingsFields.shape) => settingsFields.shape[name] as z.ZodType;
const sandboxField = (name: keyof typeof sandboxSettingsSchema.shape) => sandboxSettingsSchema.shape[name] as z.ZodType;

// The console server's own variables (server/edge/startup-settings.ts and the modules it calls).
const wholeNumber = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);
const milliseconds = (fallback: number) => wholeNumber(100, 600_000, fallback);
const secretFile = z.string().optional();
const trueOrFalse = (fallback: 'true' | 'false') => z.enum(['true', 'false']).default(fallback);

type Draft = Omit<SettingEntry, 'group'>;
const c = (name: keyof typeof settingsFields.shape, purpose: string, extra: Partial<Draft> = {}): Draft => ({
  name,
  source: 'console',
  purpose,
  schema: consoleField(name),
  ...extra,
});
const edge = (name: string, schema: z.ZodType, purpose: string, extra: Partial<Draft> = {}): Draft => ({
  name,
  source: 'console server',
  purpose,
  schema,
  ...extra,
});
const sb = (name: keyof typeof sandboxSettingsSchema.shape, purpose: string, extra: Partial<Draft> = {}): Draft => ({
  name,
  source: 'sandbox',
  purpose,
  schema: sandboxField(name),
  ...extra,
});
const start = (name: string, schema: z.ZodType, purpose: string, extra: Partial<Draft> = {}): Draft => ({
  name,
  source: 'start script',
  purpose,
  schema,
  ...extra,
});

/** Groups in the order of .env.example, each variable in its order there. */
const GROUPS: [string, Draft[]][] = [
  [
    'Signing API',
    [
      c(
        'SIGNING_API_BASE_URL',
        'The workspace host your administrator gives you, without `/api/v1`. Unset: `npm start` starts the embedded sandbox and uses it. Plain `http://` only for a loopback address.',
      ),
      c(
        'SIGNING_API_KEY',
        'The API key issued for this console. Read only on the server; it never reaches a browser or a log. Embedded sandbox: generated.',
        { secret: true },
      ),
      c('SIGNING_API_TIMEOUT_MS', 'Timeout of one call to the Signing API, in milliseconds.'),
      c(
        'SIGNING_API_RATE_LIMIT_PER_MINUTE',
        "This instance's share of the key's rate limit (the key's limit ÷ the number of instances). The console stays 10% under it and holds requests in a per-user fair queue (at most 10 s) instead of letting the API refuse them. 0 = not known: only a 429 from the API holds requests.",
      ),
    ],
  ],
  [
    'Home',
    [
      c('HOME_EXPIRING_DAYS', 'A package expiring within this many days is listed as "expiring soon".'),
      c(
        'HOME_STUCK_HOURS',
        'A package still queued this many hours after it was sent is listed as "stuck" (queued is not delivery).',
      ),
      c(
        'HOME_CACHE_SECONDS',
        "How long Home shares the API's lists among every user; the console's own writes drop them at once.",
      ),
      c(
        'HOME_REVIEW_WARN_MINUTES',
        'A review not yet sent is listed under "Needs you" once its receipt has this many minutes left (receipts last 10).',
      ),
    ],
  ],
  [
    'Stored per user',
    [
      c(
        'BULK_BATCHES_PER_USER',
        'Bulk batches one user may keep; one more is refused (`BATCH_LIMIT_REACHED`) until a settled one is deleted.',
      ),
      c('DRAFTS_PER_USER', 'Drafts one user may keep, package and request drafts together (`DRAFT_LIMIT_REACHED`).'),
      c(
        'TEAM_VISIBILITY',
        "`team`: once a team exists, a person sees only their teams' records (admins see all); `everyone`: every record to everyone, as before teams.",
      ),
      c(
        'BULK_BATCH_EXPIRY_DAYS',
        'A settled batch (every row sent, failed or cancelled) untouched this many days is deleted when its owner makes a new batch. 0 = kept until deleted.',
      ),
    ],
  ],
  [
    'Retention',
    [
      c(
        'AUDIT_RETENTION_DAYS',
        'The hourly retention job deletes audit entries older than this. 0 = keep them all: the audit log is evidence, so choose with whoever owns your records policy.',
      ),
      c(
        'INTENT_RETENTION_DAYS',
        'Settled intents (succeeded or failed) untouched this many days are deleted; an intent whose outcome is unknown never is. 0 = keep them all.',
      ),
    ],
  ],
  [
    'Unknown outcomes',
    [
      c(
        'INTENT_SETTLE_AFTER_SECONDS',
        "A send whose answer never came and that no page has confirmed for this long is confirmed by the console's background work: the same request under the same key, so it is never sent twice. 0 = never (only pages confirm).",
      ),
    ],
  ],
  [
    'Watcher',
    [
      c(
        'WATCHER_INTERVAL_SECONDS',
        "Seconds between the watcher's runs, which read the API's lists of open packages and requests (100 to a page) and record each change of status, at the API's time, for Home (“Statuses as of …”) and the notifications. 0 = off: Home reads the API itself, and no package or request change is told.",
      ),
      c(
        'WATCHER_MAX_CALLS_PER_RUN',
        "The watcher's share of the key: API calls one run may make. A sweep needs one call per page of each open status (at least 5); one that needs more goes on at the next run. Its calls wait their turn in the fair queue like a user's.",
      ),
    ],
  ],
  [
    'Notifications',
    [
      c(
        'NOTIFY_INTERVAL_SECONDS',
        'Seconds between runs of the notify job (turns what the watcher and the batches recorded into notifications) and of the mail job (mails them). Each runs once per period across instances.',
      ),
      c(
        'NOTIFY_EXPIRING_HOURS',
        'A package sent from this console is told “expiring soon” to its sender, once, when its expires_at is this many hours away or less and not every signer has signed.',
      ),
      c(
        'NOTIFY_QUEUED_MINUTES',
        'A package still queued at the API (not yet delivered to its signers) this many minutes after it was sent is told to its sender, once.',
      ),
      c(
        'NOTIFY_UNCONFIRMED_MINUTES',
        'An action whose answer from the API was lost and that nobody has confirmed for this many minutes is told to whoever made it, once, with a link to where it is confirmed.',
      ),
      c(
        'NOTIFY_API_DOWN_MINUTES',
        'Admins are told once when the Signing API has not answered for this many minutes (a refused API key is told at once). Each alert is told once per incident.',
      ),
    ],
  ],
  [
    'Notifications by e-mail',
    [
      c(
        'SMTP_URL',
        'Where notification e-mail is sent: `smtp://user:pass@host:587` (upgraded with STARTTLS when the server offers it) or `smtps://user:pass@host:465` (TLS from the start). Unset = no e-mail (the bell in the console still tells). Each notification is mailed once; a failed send is retried with backoff (15 s, doubling, up to an hour; 10 attempts).',
        { secret: true },
      ),
      c(
        'MAIL_FROM',
        'The From of notification e-mail: an address, or `Name <address>`. Required with `SMTP_URL`, as is `CONSOLE_PUBLIC_URL` (the links in the mail).',
      ),
      c(
        'MAIL_RETRY_FIRST_SECONDS',
        'The first wait before a failed e-mail is tried again; each next wait doubles, up to an hour. After 10 attempts the delivery is failed for good and listed under Admin → Background work, with why and a Retry.',
      ),
      c(
        'MAIL_CLAIM_SECONDS',
        "How long an instance holds a delivery it is mailing. After it another instance takes it as lost (its instance died) and mails it again: keep it longer than a send can take (the SMTP timeouts: 10 s to connect, 10 s for the greeting, 30 s of silence). A console killed before the SMTP server accepted the message sends it once; killed after the server's acceptance and before the console noted it, the mail is sent twice with the same Message-ID.",
      ),
    ],
  ],
  [
    'Sessions',
    [
      c(
        'SESSION_PASSWORD',
        'Seals session cookies and the hosted-editor ids kept in the database; at least 32 characters each. A comma-separated list rotates: the first seals, every one opens. Write `id:password` or the password alone (its id is derived from it). Embedded: generated into `.data/console`.',
        { secret: true },
      ),
      edge(
        'SESSION_PASSWORD_FILE',
        secretFile,
        'A file holding `SESSION_PASSWORD` (one trailing line end dropped); exclusive with it.',
      ),
      edge('SIGNING_API_KEY_FILE', secretFile, 'A file holding `SIGNING_API_KEY`; exclusive with it.'),
      edge('DATABASE_URL_FILE', secretFile, 'A file holding `DATABASE_URL`; exclusive with it.'),
      edge('OIDC_CLIENT_SECRET_FILE', secretFile, 'A file holding `OIDC_CLIENT_SECRET`; exclusive with it.'),
      c('SESSION_IDLE_MINUTES', 'Sign-out after this many minutes without a request.'),
      c('SESSION_ABSOLUTE_HOURS', 'Sign-out at the latest this many hours after sign-in.'),
    ],
  ],
  [
    'Identity provider (OpenID Connect)',
    [
      c(
        'OIDC_ISSUER',
        'The provider\'s issuer URL; set it to offer "Sign in with …". Needs `OIDC_CLIENT_ID`, `OIDC_ROLE_MAP` and `CONSOLE_PUBLIC_URL`.',
      ),
      c('OIDC_CLIENT_ID', 'The client id the provider gave Signdesk.'),
      c('OIDC_CLIENT_SECRET', 'The client secret; empty for a public client (PKCE protects the code either way).', {
        secret: true,
      }),
      c('OIDC_SCOPES', 'Scopes asked for, separated by spaces; must include `openid`, and the e-mail is required.'),
      c(
        'OIDC_GROUPS_CLAIM',
        "The ID token's claim listing the person's groups; a dotted path reaches a nested one (`realm_access.roles`).",
      ),
      c(
        'OIDC_ROLE_MAP',
        '`group=role` pairs, comma-separated, e.g. `signdesk-admins=admin,signdesk-senders=sender`; roles come only from mapped groups.',
      ),
      c(
        'OIDC_TEAM_MAP',
        '`group=team` pairs, comma-separated, e.g. `hr-staff=HR,legal=Legal`: memberships fed by the groups at each sign-in, not edited by hand. Unset: admins keep memberships.',
      ),
      c('OIDC_PROVIDER_NAME', 'What the sign-in page calls the provider: "Sign in with …".'),
      c(
        'LOCAL_SIGN_IN',
        '`false`: no password sign-in but the break-glass one (a local admin, at `/sign-in?local=1`). Needs `OIDC_ISSUER`.',
      ),
    ],
  ],
  [
    'Console database',
    [
      c(
        'DATABASE_URL',
        'A `postgres://` URL, to run several instances on one PostgreSQL; TLS as libpq reads it (`?sslmode=verify-full&sslrootcert=…`). Unset: SQLite under `CONSOLE_DATA_DIR`.',
        { secret: true },
      ),
      c(
        'DATABASE_POOL_MAX',
        "PostgreSQL connections one instance may hold; instances × this must stay below the server's `max_connections`.",
        {
          defaultText: '10',
          boundsText: '1–1000',
        },
      ),
      c('CONSOLE_DATA_DIR', "The SQLite database's folder (and the embedded set-up's generated secrets), created owner-only."),
    ],
  ],
  [
    'Server',
    [
      edge('PORT', wholeNumber(1, 65_535, 3000), 'The port the console listens on.'),
      edge('HOST', z.string().default('127.0.0.1'), 'The address the console listens on; `0.0.0.0` for every interface.'),
      c(
        'CONSOLE_PUBLIC_URL',
        "The console's public URL as browsers reach it (scheme, host, port; no path). Requests naming another host are refused 421. Unset: `http://HOST:PORT` (on loopback, `localhost` too).",
      ),
      edge(
        'REQUEST_HEADERS_TIMEOUT_MS',
        milliseconds(DEFAULT_LIMITS.headersMs),
        "A request's headers are due within this; else 408.",
      ),
      edge('REQUEST_BODY_TIMEOUT_MS', milliseconds(DEFAULT_LIMITS.jsonMs), 'A JSON body is due whole within this; else 408.'),
      edge(
        'UPLOAD_STALL_MS',
        milliseconds(DEFAULT_LIMITS.windowMs),
        `An upload must move at least ${DEFAULT_LIMITS.minBytes / 1024} KiB in every window of this length; else 408.`,
      ),
      edge(
        'MAX_CONNECTIONS',
        wholeNumber(1, 1_000_000, DEFAULT_CONNECTION_LIMITS.total),
        'Open connections the console holds in all.',
      ),
      edge(
        'MAX_CONNECTIONS_PER_ADDRESS',
        wholeNumber(1, 1_000_000, DEFAULT_CONNECTION_LIMITS.perAddress),
        'Open connections from one client address (503 `TOO_MANY_CONNECTIONS` past it); at most `MAX_CONNECTIONS`. A trusted proxy is not counted: it caps its own clients.',
      ),
      c('LOG_LEVEL', "The console's log level (JSON lines on standard output)."),
      edge(
        'REQUEST_LOG',
        trueOrFalse('true'),
        'One JSON log line per request (method, route, status, duration, request id, user id, upstream calls, bytes).',
      ),
      edge(
        'SHUTDOWN_TIMEOUT_MS',
        wholeNumber(0, 600_000, 20_000),
        'On SIGTERM, how long requests in flight may finish before the rest are cut and the process exits.',
      ),
      c(
        'TRUSTED_PROXIES',
        'Reverse proxies whose `X-Forwarded-For`, `-Host` and `-Proto` are believed: addresses, CIDR ranges (IPv4 or IPv6) or `loopback`, comma-separated. Empty = none. Never list more than your proxies.',
      ),
      c('INSTANCE_ID', "This instance's name in the audit log. Empty = host name and port (`web-1:3000`)."),
    ],
  ],
  [
    'Uploads',
    [
      c(
        'UPLOADS_PER_USER',
        'Uploads one user may have in flight on this instance; more are refused at once (429 `TOO_MANY_UPLOADS`).',
      ),
      c(
        'UPLOADS_PER_INSTANCE',
        "Uploads this instance sends to the API at once; keep the sum over instances under the API's upload capacity.",
      ),
      c(
        'UPLOADS_RECEIVING_PER_INSTANCE',
        'Uploads this instance receives at once, each into a temp file of at most 25 MB; more are refused (503 `UPLOAD_SLOTS_BUSY`).',
      ),
    ],
  ],
  [
    'Metrics',
    [
      c(
        'METRICS_TOKEN',
        'Bearer token for `GET /api/metrics` (Prometheus). Empty = no metrics (404). E.g. `openssl rand -hex 32`.',
        { secret: true },
      ),
    ],
  ],
  [
    'Embedded sandbox',
    [
      start(
        'EMBEDDED_SANDBOX',
        trueOrFalse('false'),
        '`true` starts the embedded sandbox and its demo accounts even with a PostgreSQL `DATABASE_URL` (one instance trying things out).',
      ),
      sb('SANDBOX_PORT', "The sandbox's port (`npm run sandbox`, and the embedded one)."),
      sb('SANDBOX_HOST', "The sandbox's address."),
      sb('SANDBOX_DATA_DIR', "The sandbox's data (SQLite and PDFs), kept across restarts."),
      c('SANDBOX_CONTROL_TOKEN', 'Token of the sandbox control plane (`/__sandbox/…`). Generated per start when unset.', {
        secret: true,
      }),
      sb('SANDBOX_UPLOAD_CAPACITY', 'Uploads the sandbox takes at once before answering `UPLOAD_BUSY`.'),
      sb('SANDBOX_RATE_LIMIT_PER_MINUTE', "A new key's rate limit, in requests a minute (0 = none)."),
      sb('SANDBOX_LOG_LEVEL', "The sandbox's log level."),
      sb(
        'SANDBOX_DIALECT',
        '`alternate` answers what the spec leaves open differently (error bodies, codes, `Retry-After`, extra fields, identifiers), to prove the console holds to the spec alone.',
      ),
      start(
        'DEMO_PASSWORD',
        z.string().optional(),
        'Password of the demo accounts made on the embedded sandbox; when unset, generated once and kept in `demo-password` in `CONSOLE_DATA_DIR` (the sign-in page names which).',
        { secret: true },
      ),
      c(
        'SANDBOX_CONTROL_URL',
        'Set by `npm start` when it runs the embedded sandbox (turns on Admin → Sandbox); do not set it by hand.',
      ),
    ],
  ],
];

export const SETTINGS_REFERENCE: SettingEntry[] = GROUPS.flatMap(([group, entries]) => entries.map((e) => ({ ...e, group })));

/** Variables a schema reads that are no setting: hooks for tests, never set elsewhere. */
export const NOT_SETTINGS = ['SANDBOX_TEST_CRASH_AFTER'] as const;

interface JsonShape {
  type?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  enum?: unknown[];
  format?: string;
  anyOf?: JsonShape[];
}

/** What the schema says of the value as it is written in the environment. */
export function shapeOf(entry: SettingEntry): JsonShape {
  const shape = z.toJSONSchema(entry.schema, { io: 'input', unrepresentable: 'any' }) as JsonShape;
  // An optional value that may also be written empty: the empty branch says nothing more.
  return shape.anyOf?.find((s) => !('const' in s)) ?? shape;
}

/** The default as .env.example would write it; '' when there is none. */
export function defaultOf(entry: SettingEntry): string {
  if (entry.defaultText !== undefined) return entry.defaultText;
  const value = shapeOf(entry).default;
  return value === undefined ? '' : String(value);
}

/** Numeric bounds, e.g. [1, 60]; undefined for a value that is no whole number. */
export function numericBounds(entry: SettingEntry): [number, number] | undefined {
  if (entry.boundsText) {
    const m = /^(\d+)–(\d+)$/.exec(entry.boundsText);
    return m ? [Number(m[1]), Number(m[2])] : undefined;
  }
  const shape = shapeOf(entry);
  if (shape.type !== 'integer' || shape.minimum === undefined) return undefined;
  return [shape.minimum, shape.maximum ?? Number.MAX_SAFE_INTEGER];
}

const number = (n: number) => (n >= Number.MAX_SAFE_INTEGER ? 'no upper bound' : n.toLocaleString('en-US'));

/** The values the variable takes, in words: a range, a list, a length, a URL. */
export function boundsOf(entry: SettingEntry): string {
  const range = numericBounds(entry);
  if (range)
    return range[1] >= Number.MAX_SAFE_INTEGER ? `whole number ≥ ${range[0]}` : `${number(range[0])}–${number(range[1])}`;
  const shape = shapeOf(entry);
  if (shape.enum) return shape.enum.map((v) => `\`${String(v)}\``).join(', ');
  if (shape.format === 'uri') return 'URL';
  const lengths = [
    shape.minLength !== undefined && shape.minLength > 1 ? `at least ${shape.minLength} characters` : '',
    shape.maxLength !== undefined ? `at most ${shape.maxLength} characters` : '',
  ].filter(Boolean);
  return lengths.length > 0 ? lengths.join(', ') : 'text';
}
