import 'server-only';

// What the watcher follows and how it dates a status. The spec names no full status list
// (section 3): packages are open while queued or delivered (lib/packages/statuses.ts, the
// statuses views already stop asking after), requests while DRAFT, IN_PROGRESS or
// NEEDS_REVISION (the only ones the spec names, and those it calls in use, WORKFLOW_IN_USE).
// Any other status, named or not, is finished: the watcher reads it once and stops following.

export type WatchedKind = 'package' | 'approval_request';

export const OPEN_STATUSES: Record<WatchedKind, readonly string[]> = {
  package: ['queued', 'delivered'],
  approval_request: ['DRAFT', 'IN_PROGRESS', 'NEEDS_REVISION'],
};

/** The lists one sweep reads, in order: one per kind and open status (the API filters by one status). */
export const WATCH_LISTS: readonly { kind: WatchedKind; status: string }[] = (['package', 'approval_request'] as const).flatMap(
  (kind) => OPEN_STATUSES[kind].map((status) => ({ kind, status })),
);

export const isFinished = (kind: WatchedKind, status: string) => !OPEN_STATUSES[kind].includes(status);

type Loose = Record<string, unknown>;

const field = (record: Loose, name: string): unknown => record[name];
const lastStep = (record: Loose): unknown => {
  const steps = record.visited_steps;
  return Array.isArray(steps) && steps.length > 0 ? (steps[steps.length - 1] as Loose | null)?.entered_at : undefined;
};
const revisionAsked = (record: Loose): unknown => (record.revision_task as Loose | null | undefined)?.requested_at;

// Where a record keeps the time it entered a status, by kind and status.
const OWN_TIME: Record<WatchedKind, Record<string, ((r: Loose) => unknown)[]>> = {
  package: {
    queued: [(r) => field(r, 'sent_at'), (r) => field(r, 'created_at')],
    delivered: [(r) => field(r, 'delivered_at')],
    completed: [(r) => field(r, 'completed_at')],
    declined: [(r) => field(r, 'declined_at')],
    expired: [(r) => field(r, 'expired_at')],
  },
  approval_request: {
    DRAFT: [(r) => field(r, 'created_at')],
    // after a resubmission the request enters a step again; before any step, its submission
    IN_PROGRESS: [lastStep, (r) => field(r, 'submitted_at')],
    NEEDS_REVISION: [revisionAsked],
    APPROVED: [(r) => field(r, 'completed_at')],
    REJECTED: [(r) => field(r, 'completed_at')],
  },
};

const asTime = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

/**
 * The API's time at which `record` entered its status: the record's own timestamp for that
 * status where it gives one, else the answer's Date (when the API said it was so). ISO 8601.
 */
export function statusAt(kind: WatchedKind, record: Loose & { status: string }, answerDate: string | null): string {
  for (const read of OWN_TIME[kind][record.status] ?? []) {
    const at = asTime(read(record));
    if (at) return at;
  }
  return asTime(answerDate) ?? new Date().toISOString();
}

/** A record's deadline, ISO 8601: a package's expires_at, a request's current SLA due_at; null when it gives none. */
export function dueAt(kind: WatchedKind, record: Loose): string | null {
  const due = kind === 'package' ? record.expires_at : (record.sla as Loose | null | undefined)?.due_at;
  return asTime(due);
}
