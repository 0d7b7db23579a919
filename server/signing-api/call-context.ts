import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

// The console request a Signing API call belongs to: the client notes the upstream request
// id here, and the route wrapper puts it in the audit entry without any handler passing it.
export interface CallContext {
  upstreamRequestId: string | null;
}

export const callContext = new AsyncLocalStorage<CallContext>();

export function noteUpstreamRequest(id: string | null) {
  const ctx = callContext.getStore();
  if (ctx && id) ctx.upstreamRequestId = id;
}
