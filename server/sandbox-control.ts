import 'server-only';
import { z } from 'zod';
import { errorBodySchema } from '@/lib/api-error-schema';
import { idSchema } from '@/lib/list/schemas';
import { sandboxControl } from './env';
import { ConsoleError } from './errors';
import { noteUpstreamDate } from './signing-api/client/upstream-clock';
import { forgetReads } from './signing-api/client/read-sharing';

/**
 * Calls the embedded sandbox's control plane with the token, which never leaves the server.
 * Against a real workspace host there is no control plane and the panel's routes are 404.
 */
export async function control(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const target = sandboxControl();
  if (!target) throw new ConsoleError(404, 'NOT_FOUND', 'The sandbox panel exists only when the console runs on its embedded sandbox.');
  const sentAt = performance.now();
  const res = await fetch(`${target.url}/__sandbox${path}`, {
    method,
    headers: { 'x-sandbox-control': target.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
    cache: 'no-store',
  });
  // Moving the sandbox's clock is news for every deadline the console shows.
  noteUpstreamDate(res.headers.get('date'), sentAt);
  // A reset, a published release or a moved clock changes what the catalog reads would say.
  if (method === 'POST') forgetReads();
  const json: unknown = await res.json().catch(() => null);
  if (res.ok) return json;
  const parsed = errorBodySchema.safeParse(json);
  if (!parsed.success) throw new ConsoleError(502, 'SANDBOX_ERROR', `The sandbox answered ${res.status}.`);
  throw new ConsoleError(res.status === 401 ? 502 : res.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.details ?? []);
}

/** A control call whose answer must have a known shape: anything else is the sandbox's fault, not the browser's. */
export async function controlAs<T>(schema: z.ZodType<T>, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const parsed = schema.safeParse(await control(method, path, body));
  if (!parsed.success) throw new ConsoleError(502, 'SANDBOX_ERROR', `The sandbox answered ${method} ${path} in an unexpected shape.`);
  return parsed.data;
}

// The same id rules as every other route: "." and ".." would resolve to another control route.
export const controlIdParams = z.object({ id: idSchema });
