import 'server-only';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';

// What the watcher keeps of a request's approval layers (issue 39: time in each layer, SLA
// met). The spec says only that a request's detail has "visited steps, SLA and timestamps,
// decisions"; their fields are read as the API answers them, each one optional, so an answer
// that leaves one out (or a list answer that names no steps) costs that fact, not the record.

/** One visit of a layer, as the console keeps it. */
export interface LayerVisit {
  visit: number;
  layer: number | null;
  name: string | null;
  entered_at: string | null;
  decided_at: string | null;
  decision: string | null;
  /** the SLA deadline the API gave while this visit was the current one */
  due_at: string | null;
}

const instant = z
  .string()
  .transform((v, ctx) => {
    const ms = Date.parse(v);
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: 'custom', message: 'not a time' });
      return z.NEVER;
    }
    return new Date(ms).toISOString();
  })
  .nullish()
  .catch(null);
const text = z.string().max(200).nullish().catch(null);

const stepSchema = z.looseObject({
  layer: z.number().int().nullish().catch(null),
  name: text,
  entered_at: instant,
  decided_at: instant,
  decision: text,
});

const requestSchema = z.looseObject({
  visited_steps: z.array(z.unknown()).nullish().catch(null),
  sla: z
    .looseObject({ layer: z.number().int().nullish().catch(null), due_at: instant })
    .nullish()
    .catch(null),
});

/**
 * The visits a request answer tells, numbered as it lists them; null when it names no steps
 * (the list answers of an API that keeps them for the detail), so nothing known is dropped.
 * The SLA deadline belongs to the last visit while it is undecided and of the SLA's layer.
 */
export function layerVisitsOf(record: unknown): LayerVisit[] | null {
  const parsed = requestSchema.safeParse(record);
  if (!parsed.success || !parsed.data.visited_steps) return null;
  const steps = parsed.data.visited_steps.map((s) => stepSchema.safeParse(s));
  const visits = steps.map((s, visit) => {
    const step = s.success ? s.data : null;
    return {
      visit,
      layer: step?.layer ?? null,
      name: step?.name ?? null,
      entered_at: step?.entered_at ?? null,
      decided_at: step?.decided_at ?? null,
      decision: step?.decision ?? null,
      due_at: null as string | null,
    };
  });
  const sla = parsed.data.sla;
  const last = visits[visits.length - 1];
  if (sla?.due_at && last && last.decided_at === null && (sla.layer == null || last.layer == null || sla.layer === last.layer)) {
    last.due_at = sla.due_at;
  }
  return visits;
}

const same = (a: LayerVisit, b: LayerVisit) =>
  a.layer === b.layer &&
  a.name === b.name &&
  a.entered_at === b.entered_at &&
  a.decided_at === b.decided_at &&
  a.decision === b.decision &&
  a.due_at === b.due_at;

/**
 * Keeps the visits of these requests as last answered, writing only what changed (a sweep
 * lists every open request again). A deadline once seen is kept after the API drops it (it
 * names the SLA of the current layer only), unless the answer gives another.
 */
export async function recordLayerVisits(
  db: Kysely<Database>,
  requests: readonly { id: string; visits: LayerVisit[] | null }[],
  now: Date,
) {
  const told = requests.filter((r): r is { id: string; visits: LayerVisit[] } => r.visits !== null && r.visits.length > 0);
  if (told.length === 0) return;
  const stored = await db
    .selectFrom('approval_layer_visits')
    .selectAll()
    .where(
      'request_id',
      'in',
      told.map((r) => r.id),
    )
    .execute();
  const before = new Map(stored.map((v) => [`${v.request_id} ${v.visit}`, v]));
  const at = now.toISOString();
  const rows = told.flatMap(({ id, visits }) =>
    visits.flatMap((v) => {
      const kept = before.get(`${id} ${v.visit}`);
      const next = { ...v, due_at: v.due_at ?? kept?.due_at ?? null };
      return kept && same(kept, next) ? [] : [{ request_id: id, ...next, updated_at: at }];
    }),
  );
  if (rows.length === 0) return;
  await db
    .insertInto('approval_layer_visits')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['request_id', 'visit']).doUpdateSet((eb) => ({
        layer: eb.ref('excluded.layer'),
        name: eb.ref('excluded.name'),
        entered_at: eb.ref('excluded.entered_at'),
        decided_at: eb.ref('excluded.decided_at'),
        decision: eb.ref('excluded.decision'),
        due_at: eb.ref('excluded.due_at'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}
