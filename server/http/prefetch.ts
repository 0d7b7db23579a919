import 'server-only';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { serveQueriesVia } from '@/lib/api-transport';
import { sessionCookieFor } from '../auth/session';
import { logger } from '../logger';

// A page that renders its first data on the server runs the same query options the browser
// runs, against this console's own /api routes over loopback, with the reader's session: the
// same checks, limits and answers as the browser's own call, and nothing fetched that the
// reader could not fetch. The page waits at most DEADLINE_MS; whatever is not in by then (or
// failed) is left for the browser to ask, exactly as if nothing had been prefetched.

const DEADLINE_MS = 1_500;

/** Where this process listens, as seen from itself (a wildcard bind is reached over loopback). */
function ownAddress(): string | null {
  const port = process.env.PORT;
  if (!port || !/^\d+$/.test(port)) return null;
  const host = process.env.HOST ?? '127.0.0.1';
  if (host === '0.0.0.0' || host === '') return `127.0.0.1:${port}`;
  if (host === '::' || host === '[::]') return `[::1]:${port}`;
  return host.includes(':') && !host.startsWith('[') ? `[${host}]:${port}` : `${host}:${port}`;
}

/**
 * The data that arrived within the deadline of the queries `start` prefetches on the client it
 * is given (`(c) => [c.prefetchQuery(someQuery(id))]`), for a HydrationBoundary.
 */
export async function prefetched(
  start: (client: QueryClient) => Promise<void>[],
  { deadlineMs = DEADLINE_MS }: { deadlineMs?: number } = {},
): Promise<DehydratedState> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const address = ownAddress();
  const cookie = address && (await sessionCookieFor(address));
  if (!address || !cookie) return dehydrate(client);
  const deadline = AbortSignal.timeout(deadlineMs);
  serveQueriesVia(client, {
    fetch: (path, init) =>
      fetch(`http://${address}${path}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), cookie },
        signal: init.signal ? AbortSignal.any([init.signal, deadline]) : deadline,
      }),
  });
  const started = performance.now();
  await Promise.all(start(client));
  const missed = client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status !== 'success');
  if (missed.length) {
    logger().info({ missed: missed.map((q) => q.queryHash), ms: Math.round(performance.now() - started) }, 'prefetch left queries to the browser');
  }
  return dehydrate(client);
}
