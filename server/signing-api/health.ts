import 'server-only';
import { z } from 'zod';
import { callJson } from './client/client';
import { NO_RETRY } from './client/retry';
import { SigningApiError } from './client/errors';

export interface ApiProbe {
  ok: boolean;
  latency_ms: number;
  status?: number;
  /** the API answered 401 or 403: it is up and refuses the console's key (admins are told; the open health report leaves it out) */
  refused?: boolean;
  /** when this probe ran; callers within PROBE_FRESH_MS share it */
  checked_at: string;
}

// Health is open before sign-in, and every operator shares the API key's rate limit, so a
// hammered health route must not turn into upstream calls: one probe at a time, shared by
// every caller for a few seconds (per instance; a load balancer's checks stay cheap).
export const PROBE_FRESH_MS = 5_000;
let last: { at: number; probe: Promise<ApiProbe> } | null = null;

/** One cheap authenticated read over the client's own transport: the API is reachable and takes our key. */
async function probe(): Promise<ApiProbe> {
  const started = performance.now();
  const checked_at = new Date().toISOString();
  const latency = () => Math.round((performance.now() - started) * 10) / 10;
  try {
    const { status } = await callJson(
      { method: 'GET', path: '/categories', query: { size: 25 }, timeoutMs: 5_000, retry: NO_RETRY, waitTurn: false },
      z.unknown(),
    );
    return { ok: true, latency_ms: latency(), status, checked_at };
  } catch (err) {
    const refused = err instanceof SigningApiError && (err.status === 401 || err.status === 403);
    return { ok: false, latency_ms: latency(), checked_at, ...(refused ? { refused } : {}) };
  }
}

/**
 * The latest probe of the Signing API: a running one is joined, one younger than `freshMs`
 * reused (a deadline on screen asks for a fresher look than a health check).
 */
export function probeSigningApi(now = Date.now(), freshMs = PROBE_FRESH_MS): Promise<ApiProbe> {
  if (last && now - last.at < freshMs) return last.probe;
  last = { at: now, probe: probe() };
  return last.probe;
}
