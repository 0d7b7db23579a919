import type { LayoutField } from '../documents/schemas.ts';
import { FIELD_TYPE_INFO } from './field-types.ts';
import { slotLabel } from './slots.ts';

// What changed between two layouts, and a rebase of the user's edits onto a newer server
// layout (DESIGN.md section 6: after a conflict the UI shows what changed before a retry).

export type ChangeKind = 'added' | 'removed' | 'moved' | 'changed';
export interface FieldChange {
  id: string;
  kind: ChangeKind;
  /** the field as it was in `from` (absent when added) */
  before?: LayoutField;
  /** the field as it is in `to` (absent when removed) */
  after?: LayoutField;
  summary: string;
}

const GEOMETRY = ['page', 'x', 'y', 'width', 'height'] as const;
const SETTINGS = ['type', 'slot_id', 'required'] as const;

const byId = (fields: readonly LayoutField[]) => new Map(fields.map((f) => [f.id, f]));
const fmt = (n: number) => String(Math.round(n * 100) / 100);

export const sameField = (a: LayoutField, b: LayoutField) => [...GEOMETRY, ...SETTINGS, 'id' as const].every((k) => a[k] === b[k]);

/** Same fields with the same values, in any order. */
export function sameLayout(a: readonly LayoutField[], b: readonly LayoutField[]): boolean {
  if (a.length !== b.length) return false;
  const other = byId(b);
  return a.every((f) => {
    const g = other.get(f.id);
    return g !== undefined && sameField(f, g);
  });
}

export const describeField = (f: LayoutField) =>
  `${FIELD_TYPE_INFO[f.type].label} on page ${f.page} for ${slotLabel(f.slot_id)}${f.required ? ', required' : ''}`;

function describeModification(a: LayoutField, b: LayoutField): string {
  const parts: string[] = [];
  if (a.type !== b.type) parts.push(`type ${FIELD_TYPE_INFO[a.type].label} → ${FIELD_TYPE_INFO[b.type].label}`);
  if (a.slot_id !== b.slot_id) parts.push(`signer ${slotLabel(a.slot_id)} → ${slotLabel(b.slot_id)}`);
  if (a.required !== b.required) parts.push(b.required ? 'now required' : 'now optional');
  if (a.page !== b.page) parts.push(`moved from page ${a.page} to page ${b.page}`);
  if (a.x !== b.x || a.y !== b.y) parts.push(`moved from (${fmt(a.x)}, ${fmt(a.y)}) to (${fmt(b.x)}, ${fmt(b.y)})`);
  if (a.width !== b.width || a.height !== b.height) parts.push(`resized from ${fmt(a.width)} × ${fmt(a.height)} to ${fmt(b.width)} × ${fmt(b.height)}`);
  return parts.join('; ');
}

/** Changes that turn `from` into `to`: fields added, removed, moved or resized, or otherwise changed. */
export function diffLayouts(from: readonly LayoutField[], to: readonly LayoutField[]): FieldChange[] {
  const before = byId(from);
  const after = byId(to);
  const out: FieldChange[] = [];
  for (const f of to) {
    const old = before.get(f.id);
    if (!old) out.push({ id: f.id, kind: 'added', after: f, summary: describeField(f) });
    else if (!sameField(old, f)) {
      const settingsChanged = SETTINGS.some((k) => old[k] !== f[k]);
      out.push({ id: f.id, kind: settingsChanged ? 'changed' : 'moved', before: old, after: f, summary: describeModification(old, f) });
    }
  }
  for (const f of from) if (!after.has(f.id)) out.push({ id: f.id, kind: 'removed', before: f, summary: describeField(f) });
  return out;
}

export function countChanges(changes: readonly FieldChange[]): Record<ChangeKind, number> {
  const counts: Record<ChangeKind, number> = { added: 0, removed: 0, moved: 0, changed: 0 };
  for (const c of changes) counts[c.kind]++;
  return counts;
}

export interface RebaseResult {
  fields: LayoutField[];
  /** fields both sides changed differently: the user's version was kept */
  overridden: string[];
  /** fields deleted on the server that the user had edited: kept, as the user's version */
  restored: string[];
  /** fields the user deleted that the server had changed: deleted, as the user asked */
  dropped: string[];
}

/**
 * Replays the user's edits (base → mine) on top of the server's layout (theirs). Where both
 * touched the same field, the user's version wins and is reported, so nothing is decided
 * silently; everything else the server changed is kept.
 */
export function rebaseLayout(base: readonly LayoutField[], mine: readonly LayoutField[], theirs: readonly LayoutField[]): RebaseResult {
  const baseById = byId(base);
  const theirsById = byId(theirs);
  const result = new Map(theirs.map((f) => [f.id, f]));
  const overridden: string[] = [];
  const restored: string[] = [];
  const dropped: string[] = [];
  for (const change of diffLayouts(base, mine)) {
    const server = theirsById.get(change.id);
    const original = baseById.get(change.id);
    if (change.kind === 'removed') {
      if (server && original && !sameField(server, original)) dropped.push(change.id);
      result.delete(change.id);
      continue;
    }
    const field = change.after!;
    if (!server && original) restored.push(change.id);
    else if (server && !sameField(server, field) && (!original || !sameField(server, original))) overridden.push(change.id);
    result.set(change.id, field);
  }
  return { fields: [...result.values()], overridden, restored, dropped };
}
