import type { LayoutField } from '../documents/schemas.ts';

// Signer slots: `signer_1`..`signer_N` by convention; ids from elsewhere are shown as they are.
const SLOT_PATTERN = /^signer_(\d+)$/;

const slotNumber = (id: string) => {
  const m = SLOT_PATTERN.exec(id);
  return m ? Number(m[1]) : null;
};

/** Every slot in use or added by hand, signer_1 always first, numbered slots in numeric order. */
export function slotList(fields: readonly Pick<LayoutField, 'slot_id'>[], extra: readonly string[] = []): string[] {
  const all = new Set(['signer_1', ...fields.map((f) => f.slot_id), ...extra]);
  return [...all].sort((a, b) => {
    const [na, nb] = [slotNumber(a), slotNumber(b)];
    if (na !== null && nb !== null) return na - nb;
    if (na !== null) return -1;
    if (nb !== null) return 1;
    return a.localeCompare(b);
  });
}

export function nextSlotId(slots: readonly string[]): string {
  const max = Math.max(0, ...slots.map((s) => slotNumber(s) ?? 0));
  return `signer_${max + 1}`;
}

export function slotLabel(id: string): string {
  const n = slotNumber(id);
  return n === null ? id : `Signer ${n}`;
}

/**
 * One colour per slot, stable for numbered slots (signer_2 is always the second colour), with
 * classes spelled out in full so Tailwind keeps them. Text colours pass WCAG AA on white.
 */
export const SLOT_COLOURS = [
  { border: 'border-blue-600', bg: 'bg-blue-50/85', text: 'text-blue-800', swatch: 'bg-blue-600' },
  { border: 'border-emerald-600', bg: 'bg-emerald-50/85', text: 'text-emerald-800', swatch: 'bg-emerald-600' },
  { border: 'border-violet-600', bg: 'bg-violet-50/85', text: 'text-violet-800', swatch: 'bg-violet-600' },
  { border: 'border-orange-600', bg: 'bg-orange-50/85', text: 'text-orange-800', swatch: 'bg-orange-600' },
  { border: 'border-cyan-700', bg: 'bg-cyan-50/85', text: 'text-cyan-800', swatch: 'bg-cyan-700' },
  { border: 'border-pink-600', bg: 'bg-pink-50/85', text: 'text-pink-800', swatch: 'bg-pink-600' },
  { border: 'border-lime-700', bg: 'bg-lime-50/85', text: 'text-lime-800', swatch: 'bg-lime-700' },
  { border: 'border-amber-700', bg: 'bg-amber-50/85', text: 'text-amber-900', swatch: 'bg-amber-700' },
] as const;
export type SlotColour = (typeof SLOT_COLOURS)[number];

export function slotColour(id: string, slots: readonly string[]): SlotColour {
  const n = slotNumber(id);
  const index = n !== null ? n - 1 : Math.max(0, slots.indexOf(id));
  return SLOT_COLOURS[index % SLOT_COLOURS.length]!;
}
