import 'server-only';
import { z } from 'zod';
import { callJson } from './client';
import { NO_RETRY } from './retry';

/** One cheap authenticated read over the client's own transport: the API is reachable and takes our key. */
export async function pingSigningApi(): Promise<{ status: number }> {
  const { status } = await callJson({ method: 'GET', path: '/categories', query: { size: 25 }, timeoutMs: 5_000, retry: NO_RETRY }, z.unknown());
  return { status };
}
