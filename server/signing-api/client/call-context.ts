import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

// The console request a Signing API call belongs to: the client notes the upstream request
// id here, and the route wrapper puts it in the audit entry without any handler passing it;
// likewise the API's Date, which the wrapper passes on so the browser can follow the API's
// clock for deadlines (the preview receipt) instead of its own.
export interface CallContext {
  upstreamRequestId: string | null;
  upstreamDate?: string | null;
  /** whose turn it is when requests wait for the API's rate limit (the user's id) */
  lane?: string;
  /** how long this request's calls waited their turn, in ms */
  queuedMs?: number;
}

export const callContext = new AsyncLocalStorage<CallContext>();

export function noteUpstreamRequest(id: string | null, date: string | null = null) {
  const ctx = callContext.getStore();
  if (ctx && id) ctx.upstreamRequestId = id;
  if (ctx && date) ctx.upstreamDate = date;
}
