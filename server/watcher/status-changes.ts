import 'server-only';
import type { LayerVisit } from './layer-visits';
import type { WatchedKind } from './open-statuses';

// The pure half of the watcher: what the console had recorded against what the API listed.

/** A record as the console last saw it; `last_status` null when known (the console sent it) but never seen. */
export interface Watched {
  id: string;
  last_status: string | null;
}

/** A record as a list (or a single read) answered it, with the API's time for its status. */
export interface Listed {
  id: string;
  status: string;
  at: string;
  /** its deadline, as the API answered it: a package's expires_at, a request's SLA due_at */
  due_at?: string | null;
  /** a request's visited layers, as the answer told them (null: it named none) */
  visits?: LayerVisit[] | null;
}

export interface StatusChange {
  kind: WatchedKind;
  id: string;
  from_status: string | null;
  to_status: string;
  at: string;
}

/** Each listed record whose status is not the one recorded: one change per record, as last listed. */
export function statusChanges(
  kind: WatchedKind,
  watched: ReadonlyMap<string, Watched>,
  listed: readonly Listed[],
): StatusChange[] {
  // Pages can shift between two reads, so one record may be listed twice: the last word counts.
  const latest = new Map<string, Listed>();
  for (const item of listed) {
    latest.delete(item.id);
    latest.set(item.id, item);
  }
  const changes: StatusChange[] = [];
  for (const item of latest.values()) {
    const from = watched.get(item.id)?.last_status ?? null;
    if (from === item.status) continue;
    changes.push({ kind, id: item.id, from_status: from, to_status: item.status, at: item.at });
  }
  return changes;
}
