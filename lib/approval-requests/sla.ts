// When the current approval step is due. The spec says a request carries "SLA and timestamps"
// without naming the fields: the sandbox answers `sla: {layer, due_at, breached}`, and a host
// that answers otherwise (or nothing) gets no due time shown rather than a wrong one.

/** Less than this left before the due time reads as "due soon": the console's choice. */
export const DUE_SOON_MS = 4 * 3_600_000;

export type StepDueState = 'on-time' | 'due-soon' | 'overdue';

/**
 * The current step's due time and how it stands at `now` (the API's clock, lib/api-clock.ts);
 * null unless a reviewer holds the request now (IN_PROGRESS, the only such state the spec
 * names) and the answer carries a readable `sla.due_at`. The API's own `breached: true` wins
 * over a clock here that may lag behind it.
 */
export function stepDue(request: { status: string; sla?: unknown }, now: number): { dueAt: number; state: StepDueState } | null {
  if (request.status !== 'IN_PROGRESS') return null;
  const sla = request.sla;
  if (typeof sla !== 'object' || sla === null || Array.isArray(sla)) return null;
  const { due_at: dueText, breached } = sla as { due_at?: unknown; breached?: unknown };
  const dueAt = typeof dueText === 'string' ? Date.parse(dueText) : NaN;
  if (!Number.isFinite(dueAt)) return null;
  const state: StepDueState = breached === true || now >= dueAt ? 'overdue' : dueAt - now <= DUE_SOON_MS ? 'due-soon' : 'on-time';
  return { dueAt, state };
}
