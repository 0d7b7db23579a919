import type { QueryClient } from '@tanstack/react-query';

// Query options name a console path (/api/...), never how it is reached, so the same options
// serve the browser (same-origin fetch, the default) and a page that renders its first data on
// the server (server/http/prefetch.ts registers a transport carrying the reader's cookie on the
// QueryClient it prefetches with). A queryFn finds it through its context's client.

/** Reaches the console's /api routes from somewhere other than the browser. */
export interface ApiTransport {
  fetch(path: string, init: RequestInit): Promise<Response>;
}

const transports = new WeakMap<QueryClient, ApiTransport>();

/** Every query this client runs goes through `transport`. */
export function serveQueriesVia(client: QueryClient, transport: ApiTransport): void {
  transports.set(client, transport);
}

/** The options a queryFn passes on to `api()`: its abort signal and, off the browser, its client's transport. */
export function via({ signal, client }: { signal: AbortSignal; client: QueryClient }): { signal: AbortSignal; transport?: ApiTransport } {
  const transport = transports.get(client);
  return transport ? { signal, transport } : { signal };
}
