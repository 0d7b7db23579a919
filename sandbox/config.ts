import { z } from 'zod';
import { DIALECTS } from './http/dialect.ts';

/** The sandbox's variables (docs/running/configuration.md is generated from it). */
export const sandboxSettingsSchema = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  SANDBOX_HOST: z.string().default('127.0.0.1'),
  SANDBOX_DATA_DIR: z.string().min(1).default('.data/sandbox'),
  // Empty, as in .env.example, is unset.
  SANDBOX_CONTROL_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  SANDBOX_UPLOAD_CAPACITY: z.coerce.number().int().min(1).max(64).default(8),
  SANDBOX_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(6000),
  /** the crash tests' hook (test-crash.ts); never set it elsewhere */
  SANDBOX_TEST_CRASH_AFTER: z.string().min(1).optional(),
  /** `alternate` answers what the spec leaves open differently (sandbox/http/dialect.ts) */
  SANDBOX_DIALECT: z.enum(DIALECTS).default('standard'),
  SANDBOX_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type SandboxConfig = z.infer<typeof sandboxSettingsSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const result = sandboxSettingsSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid sandbox configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
