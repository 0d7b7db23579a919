import 'server-only';
import { listRequests, getRequest } from '../signing-api/approval-requests';
import { callContext } from '../signing-api/client/call-context';
import { SigningApiError } from '../signing-api/client/errors';
import { getPackage, listPackages } from '../signing-api/packages';
import type { WatchedKind } from './open-statuses';

// The watcher's calls to the Signing API, each in a lane of its own in the fair queue
// (server/signing-api/client/upstream-budget.ts): near the key's limit people and the watcher
// take turns, so a sweep never makes anyone wait behind all of its pages. Each answer comes
// with its Date, the API's time, for records that give none of their own.

type Loose = Record<string, unknown> & { id: string; status: string };

export interface WatcherPage {
  data: Loose[];
  pagination: { page: number; size: number; total: number; pages: number };
  date: string | null;
}

export interface WatcherApi {
  /** One page of the records of `kind` in `status`. */
  list(kind: WatchedKind, status: string, page: number, size: number): Promise<WatcherPage>;
  /** One record; null when the API no longer shows it (404). */
  read(kind: WatchedKind, id: string): Promise<{ record: Loose | null; date: string | null }>;
}

export const WATCHER_LANE = 'watcher';

async function inLane<T>(fn: () => Promise<T>): Promise<{ value: T; date: string | null }> {
  const ctx = { upstreamRequestId: null, lane: WATCHER_LANE, upstreamDate: null as string | null | undefined };
  const value = await callContext.run(ctx, fn);
  return { value, date: ctx.upstreamDate ?? null };
}

export const signingApiForWatcher: WatcherApi = {
  async list(kind, status, page, size) {
    const query = { status, page, size };
    const { value, date } = await inLane<Omit<WatcherPage, 'date'>>(() =>
      kind === 'package' ? listPackages(query) : listRequests(query),
    );
    return { data: value.data, pagination: value.pagination, date };
  },
  async read(kind, id) {
    try {
      const { value, date } = await inLane<Loose>(() => (kind === 'package' ? getPackage(id) : getRequest(id)));
      return { record: value, date };
    } catch (err) {
      if (err instanceof SigningApiError && err.status === 404) return { record: null, date: null };
      throw err;
    }
  },
};
