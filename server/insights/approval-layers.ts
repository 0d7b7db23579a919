import 'server-only';
import { sql } from 'kysely';
import { factsSubmittedIn, type ApprovalSource } from './approval-requests-in';
import type { Period } from './period';
import { orderedTimes, timesOf } from './ordered-times';
import { summarise } from './percentiles';

/**
 * How a visit of a layer stands against its SLA: decided by its deadline (met) or after it
 * (missed), undecided and past it (overdue) or not yet (pending), as of the figures' `now`; not_seen: the watcher never
 * saw the API name its deadline (the API names the current layer's only, so a layer decided
 * between two of the watcher's reads has none), which is said, not guessed.
 */
export type SlaState = 'met' | 'missed' | 'overdue' | 'pending' | 'not_seen';
export const SLA_STATES: readonly SlaState[] = ['met', 'missed', 'overdue', 'pending', 'not_seen'];

const noSla = (): Record<SlaState, number> => ({ met: 0, missed: 0, overdue: 0, pending: 0, not_seen: 0 });

// How a visit stands against its SLA (the states above), as the database codes it.
const SLA_CODE = { met: 0, missed: 1, overdue: 2, pending: 3, not_seen: 4 } as const satisfies Record<SlaState, number>;

/**
 * Time spent in each layer of the period's requests (`submitted` of them), per workflow and
 * layer: from entering a layer to its decision, as the API's visited steps tell them to the
 * watcher (server/watcher/layer-visits.ts); a visit whose entry time the API did not tell is
 * counted (start_not_told), not timed. `layers_not_told`: requests of which the watcher kept no
 * step. `names`: the workflows' names by id. Grouped by the database: a year's 40,000 visits
 * come back as a row per layer, its counts and SLA states summed and its times in order
 * (ordered-times.ts), each visit first cut down to what is counted, so that sorting them for
 * their groups stays in memory.
 */
export async function approvalLayers(
  source: ApprovalSource,
  period: Period,
  submitted: { count: number; names: ReadonlyMap<string | null, string | null> },
  now: Date,
) {
  if (submitted.count === 0) return { layers: [], sla: noSla(), layers_not_told: 0 };
  // The watcher writes every time as toISOString does (layer-visits.ts), and `at` is one too:
  // compared as text, they compare as the instants they are.
  const at = now.toISOString();
  const code = (state: SlaState) => sql.lit(SLA_CODE[state]);
  const [groups, untold] = await Promise.all([
    source.db
      .with(
        (cte) => cte('t').materialized(),
        () =>
          factsSubmittedIn(source, period)
            .innerJoin('approval_layer_visits as v', 'v.request_id', 'f.request_id')
            .select([
              sql<string | null>`case when f.assigned_by is null then f.workflow_id end`.as('workflow_id'),
              'v.layer',
              'v.name',
              sql<number>`case when v.entered_at is null then 1 else 0 end`.as('untold'),
              sql<number>`case
                when v.due_at is null then ${code('not_seen')}
                when v.decided_at is not null then (case when v.decided_at <= v.due_at then ${code('met')} else ${code('missed')} end)
                when v.due_at < ${at} then ${code('overdue')}
                else ${code('pending')} end`.as('sla'),
              // a negative time (a decision dated before its entry) is not a time
              sql<number | null>`case when v.entered_at is not null and v.took_ms >= 0 then v.took_ms end`.as('ms'),
            ]),
      )
      .selectFrom('t')
      .select([
        't.workflow_id',
        't.layer',
        't.name',
        sql<number>`count(*)`.as('visits'),
        sql<number>`sum(t.untold)`.as('start_not_told'),
        ...SLA_STATES.map((state) => sql<number>`sum(case when t.sla = ${code(state)} then 1 else 0 end)`.as(state)),
        orderedTimes(source.db, sql.ref('t.ms')).as('times'),
      ])
      .groupBy(['t.workflow_id', 't.layer', 't.name'])
      .execute(),
    factsSubmittedIn(source, period)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('approval_layer_visits as v').select('v.request_id').whereRef('v.request_id', '=', 'f.request_id'),
          ),
        ),
      )
      .select(sql<number>`count(*)`.as('count'))
      .executeTakeFirst(),
  ]);
  const sla = noSla();
  const layers = groups
    .map((g) => {
      const states = Object.fromEntries(SLA_STATES.map((s) => [s, Number(g[s])])) as Record<SlaState, number>;
      for (const s of SLA_STATES) sla[s] += states[s];
      const workflowId = g.workflow_id ?? null;
      return {
        workflow_id: workflowId,
        workflow_name: submitted.names.get(workflowId) ?? null,
        layer: g.layer === null ? null : Number(g.layer),
        name: g.name ?? null,
        visits: Number(g.visits),
        start_not_told: Number(g.start_not_told),
        sla: states,
        time_in_layer: summarise(timesOf(g.times), true),
      };
    })
    .sort(
      (a, b) =>
        Number(a.workflow_id === null) - Number(b.workflow_id === null) ||
        (a.workflow_name ?? a.workflow_id ?? '').localeCompare(b.workflow_name ?? b.workflow_id ?? '') ||
        (a.layer ?? Infinity) - (b.layer ?? Infinity) ||
        (a.name ?? '').localeCompare(b.name ?? ''),
    );
  return { layers, sla, layers_not_told: Number(untold?.count ?? 0) };
}
