import { z } from 'zod';

export type SigningApiChoice = { kind: 'external' } | { kind: 'embedded' } | { kind: 'refused'; message: string };

const schema = z.object({
  SIGNING_API_BASE_URL: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  EMBEDDED_SANDBOX: z.enum(['true', 'false', ''], { message: 'EMBEDDED_SANDBOX must be true or false' }).optional(),
});

/**
 * Which Signing API `npm start` uses. The embedded sandbox (and its demo accounts) belongs to a
 * single local console: on PostgreSQL, several instances share the database, and each would
 * start a sandbox of its own on one port and write demo accounts, with their printed password,
 * into that database. There it is started only when asked for.
 */
export function chooseSigningApi(env: Record<string, string | undefined>): SigningApiChoice {
  const parsed = schema.safeParse(env);
  if (!parsed.success) return { kind: 'refused', message: parsed.error.issues.map((i) => i.message).join('; ') };
  const { SIGNING_API_BASE_URL, DATABASE_URL, EMBEDDED_SANDBOX } = parsed.data;
  if (SIGNING_API_BASE_URL) return { kind: 'external' };
  if (!DATABASE_URL || EMBEDDED_SANDBOX === 'true') return { kind: 'embedded' };
  return {
    kind: 'refused',
    message:
      'DATABASE_URL is PostgreSQL but SIGNING_API_BASE_URL is unset: set SIGNING_API_BASE_URL and SIGNING_API_KEY ' +
      '(docs/running/scale-out.md), or EMBEDDED_SANDBOX=true to start an embedded sandbox, ' +
      'with its demo accounts, on this database anyway.',
  };
}
