import 'server-only';
import { z } from 'zod';

const url = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).transform((u) => u.replace(/\/+$/, ''));

const schema = z.object({
  SIGNING_API_BASE_URL: url,
  SIGNING_API_KEY: z.string().min(8, 'must be the API key issued for this console'),
  /** one password, or several separated by commas for rotation: the first seals, all unseal */
  SESSION_PASSWORD: z
    .string()
    .transform((s) => s.split(',').map((p) => p.trim()).filter(Boolean))
    .pipe(z.array(z.string().min(32, 'each session password must be at least 32 characters')).min(1)),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CONSOLE_DATA_DIR: z.string().min(1).default('.data/console'),
  SIGNING_API_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** set only when the console runs on its embedded sandbox: enables the sandbox panel */
  SANDBOX_CONTROL_URL: url.optional().or(z.literal('').transform(() => undefined)),
  SANDBOX_CONTROL_TOKEN: z.string().min(16).optional().or(z.literal('').transform(() => undefined)),
});

export type Env = z.infer<typeof schema>;

let cached: Env | null = null;

/** The only place secrets are read. A missing or bad variable stops start-up with one message. */
export function env(): Env {
  if (cached) return cached;
  const result = schema.safeParse(process.env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Signdesk configuration is invalid (see .env.example):\n${lines.join('\n')}`);
  }
  cached = result.data;
  return cached;
}

export const sandboxControl = () => {
  const e = env();
  return e.SANDBOX_CONTROL_URL && e.SANDBOX_CONTROL_TOKEN ? { url: e.SANDBOX_CONTROL_URL, token: e.SANDBOX_CONTROL_TOKEN } : null;
};
