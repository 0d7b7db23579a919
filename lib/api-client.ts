import { API_DATE_HEADER, apiClock } from './api-clock.ts';
import { ConsoleApiError, readErrorBody } from './api-error.ts';
import type { ApiTransport } from './api-transport.ts';
import { trackRequest } from './pending-requests.ts';

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** the key of the user intent this call belongs to (reused on every retry of it) */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Off the browser (a page prefetching on the server): how to reach the console instead of fetch. */
  transport?: ApiTransport;
}

/** Set while the user signs out, whose own page change to sign-in is the one that counts. */
let signingOut = false;

/**
 * The user is signing out: a read answered 401 meanwhile (its session is going) must not send
 * the browser to sign-in as if the session had lapsed. Answers the undo, for a failed sign-out.
 */
export function beginSignOut(): () => void {
  signingOut = true;
  return () => {
    signingOut = false;
  };
}

/** Sends the browser to sign-in, back to where it was afterwards. */
export function goToSignIn() {
  if (signingOut) return;
  const next = `${window.location.pathname}${window.location.search}`;
  // A full load drops every cached query of the previous session.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign(`/sign-in?next=${encodeURIComponent(next)}`);
}

/** Turns a failed console answer into a ConsoleApiError carrying its code, message and details. */
export async function errorFrom(res: Response): Promise<ConsoleApiError> {
  const parsed = readErrorBody(await res.json().catch(() => null));
  const retryAfter = Number(res.headers.get('retry-after'));
  const wait = Number.isFinite(retryAfter) && res.headers.has('retry-after') ? retryAfter : null;
  if (!parsed) return new ConsoleApiError(res.status, 'HTTP_ERROR', `The console answered ${res.status}. Try again.`, [], wait);
  const { code, message, details } = parsed.error;
  return new ConsoleApiError(res.status, code, message, details ?? [], wait);
}

/**
 * A call to the console's /api routes (same-origin fetch, or `opts.transport`), answering the successful Response with
 * its body unread; every failure becomes a ConsoleApiError, and a lost session goes to sign-in.
 */
export async function apiResponse(path: string, opts: ApiOptions & { accept?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: opts.accept ?? 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
  const init: RequestInit = {
    method: opts.method ?? 'GET',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
    credentials: 'same-origin',
    cache: 'no-store',
  };
  // Off the browser there is no reader waiting, no API clock to learn and no sign-in to go to:
  // a failure only means the page renders without that data and the browser asks again.
  if (opts.transport) {
    const res = await opts.transport.fetch(path, init);
    if (!res.ok) throw await errorFrom(res);
    return res;
  }
  let res: Response;
  const sentAt = performance.now();
  const answered = trackRequest();
  try {
    res = await fetch(path, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ConsoleApiError(0, 'NETWORK_ERROR', 'The console could not be reached. Check your connection and try again.');
  } finally {
    answered();
  }
  apiClock.note(res.headers.get(API_DATE_HEADER), sentAt);
  if (res.status === 401) {
    const error = await errorFrom(res);
    goToSignIn();
    throw error;
  }
  if (!res.ok) throw await errorFrom(res);
  return res;
}

/** Same-origin JSON call to the console's /api routes. */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  return (await (await apiResponse(path, opts)).json()) as T;
}

/** Query string from defined, non-empty values. */
export function qs(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const text = search.toString();
  return text ? `?${text}` : '';
}
