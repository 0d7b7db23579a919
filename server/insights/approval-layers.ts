import 'server-only';
import { candidates, submissionCondition, type ApprovalSource, type RequestRow } from './approval-requests-in';
import type { Period } from './period';
import { summarise } from './percentiles';

/**
 * How a visit of a layer stands against its SLA: decided by its deadline (met) or after it
 * (missed), undecided and past it (overdue) or not yet (pending); not_seen: the watcher never
 * saw the API name its deadline (the API names the current layer's only, so a layer decided
 * between two of the watcher's reads has none), which is said, not guessed.
 */
export type SlaState = 'met' | 'missed' | 'overdue' | 'pending' | 'not_seen';
export const SLA_STATES: readonly SlaState[] = ['met', 'missed', 'overdue', 'pending', 'not_seen'];

export function slaState(v: { decided_at: string | null; due_at: string | null }, now: Date): SlaState {
  if (v.due_at === null) return 'not_seen';
  const due = Date.parse(v.due_at);
  if (v.decided_at !== null) return Date.parse(v.decided_at) <= due ? 'met' : 'missed';
  return now.getTime() > due ? 'overdue' : 'pending';
}

const noSla = (): Record<SlaState, number> => ({ met: 0, missed: 0, overdue: 0, pending: 0, not_seen: 0 });

/**
 * Time spent in each layer of the period's requests (`submitted`), per workflow and layer:
 * from entering a layer to its decision, as the API's visited steps tell them to the watcher
 * (server/watcher/layer-visits.ts); a visit whose entry time the API did not tell is counted
 * (start_not_told), not timed. `layers_not_told`: requests of which the watcher kept no step.
 */
export async function approvalLayers(source: ApprovalSource, period: Period, submitted: readonly RequestRow[], now: Date) {
  const byId = new Map(submitted.map((r) => [r.id, r]));
  const visits =
    submitted.length === 0
      ? []
      : await source.db
          .selectFrom('approval_layer_visits as v')
          .leftJoin('approval_submissions as a', 'a.request_id', 'v.request_id')
          .where('v.request_id', 'in', candidates(source.db, period))
          .where(submissionCondition(source))
          .select(['v.request_id', 'v.visit', 'v.layer', 'v.name', 'v.entered_at', 'v.decided_at', 'v.due_at'])
          .orderBy('v.request_id')
          .orderBy('v.visit')
          .execute();
  type Group = {
    workflow_id: string | null;
    workflow_name: string | null;
    layer: number | null;
    name: string | null;
    durations: number[];
    visits: number;
    start_not_told: number;
    sla: Record<SlaState, number>;
  };
  const groups = new Map<string, Group>();
  const sla = noSla();
  const told = new Set<string>();
  for (const v of visits) {
    const request = byId.get(v.request_id);
    if (!request) continue;
    told.add(v.request_id);
    const key = JSON.stringify([request.workflow_id, v.layer, v.name]);
    let g = groups.get(key);
    if (!g) {
      g = {
        workflow_id: request.workflow_id,
        workflow_name: request.workflow_name,
        layer: v.layer,
        name: v.name,
        durations: [],
        visits: 0,
        start_not_told: 0,
        sla: noSla(),
      };
      groups.set(key, g);
    }
    g.visits += 1;
    if (v.entered_at === null) g.start_not_told += 1;
    else if (v.decided_at !== null) {
      const took = Date.parse(v.decided_at) - Date.parse(v.entered_at);
      if (Number.isFinite(took) && took >= 0) g.durations.push(took);
    }
    const state = slaState(v, now);
    g.sla[state] += 1;
    sla[state] += 1;
  }
  const layers = [...groups.values()]
    .sort(
      (a, b) =>
        Number(a.workflow_id === null) - Number(b.workflow_id === null) ||
        (a.workflow_name ?? a.workflow_id ?? '').localeCompare(b.workflow_name ?? b.workflow_id ?? '') ||
        (a.layer ?? Infinity) - (b.layer ?? Infinity) ||
        (a.name ?? '').localeCompare(b.name ?? ''),
    )
    .map(({ durations, ...g }) => ({ ...g, time_in_layer: summarise(durations) }));
  return { layers, sla, layers_not_told: submitted.filter((r) => !told.has(r.id)).length };
}
