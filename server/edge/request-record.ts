// No `import 'server-only'`: scripts/console-server.ts loads this under plain node (no react-server condition, where that package throws).
import { AsyncLocalStorage } from 'node:async_hooks';

// What one request's log line and status need from inside Next: the console's own server opens
// a record per request and writes the line when the answer ends; the route wrapper and the page
// code fill it in. Next's bundles get their own copy of this module, so the store lives on
// globalThis, one per process, under a registered symbol.

export interface RequestRecord {
  /** the route's pattern where a route handler says it (e.g. /api/packages/[id]) */
  route?: string;
  requestId?: string;
  userId?: string;
  /** calls made to the Signing API on this request's behalf, retries included */
  upstreamCalls: number;
  /** a page met the console's database out of reach: its answer is a 503 to wait out, not a 500 */
  databaseUnavailable?: boolean;
  /** Home rendered whole for this user (app/(console)/page.tsx): only such a render is kept (server/edge/home-document.ts) */
  homeRenderedFor?: string;
}

const KEY = Symbol.for('signdesk.request-records');
const store = ((globalThis as Record<symbol, unknown>)[KEY] ??=
  new AsyncLocalStorage<RequestRecord>()) as AsyncLocalStorage<RequestRecord>;

/** Runs `fn` (the request's whole handling) with a record of its own. */
export function withRequestRecord<T>(record: RequestRecord, fn: () => T): T {
  return store.run(record, fn);
}

/** The record of the request being served, where the console's own server opened one. */
export function requestRecord(): RequestRecord | undefined {
  return store.getStore();
}
