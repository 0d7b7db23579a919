import { FIELD_TYPE_INFO } from '@/lib/editor/field-types';
import { slotColour, slotLabel } from '@/lib/editor/slots';
import type { LayoutField } from '@/lib/documents/schemas';
import { FieldIcon } from './field-icon';
import { Card } from '../ui/card';

interface FieldListProps {
  fields: LayoutField[];
  slots: string[];
  selectedId: string | null;
  problemIds: ReadonlySet<string>;
  onSelect(id: string): void;
}

/** Every field of the layout, in page order: the way to reach a field on a page out of view. */
export function FieldList({ fields, slots, selectedId, problemIds, onSelect }: FieldListProps) {
  const sorted = [...fields].sort((a, b) => a.page - b.page || b.y - a.y || a.x - b.x);
  return (
    <Card as="section" aria-labelledby="field-list-title" className="p-3">
      <h2 id="field-list-title" className="text-sm font-semibold text-slate-900">
        Fields ({fields.length})
      </h2>
      {fields.length === 0 ? (
        <p className="mt-1 text-xs text-slate-600">No fields yet.</p>
      ) : (
        <ul className="mt-2 flex max-h-64 flex-col gap-0.5 overflow-y-auto">
          {sorted.map((f) => {
            const text = `${FIELD_TYPE_INFO[f.type].label} · p.${f.page} · ${slotLabel(f.slot_id)}`;
            return (
              <li key={f.id}>
                <button
                  type="button"
                  title={text}
                  onClick={() => onSelect(f.id)}
                  aria-current={f.id === selectedId || undefined}
                  className={`flex w-full items-center gap-2 rounded px-1.5 py-1 text-left text-xs text-slate-800 hover:bg-slate-100 ${f.id === selectedId ? 'bg-brand-50 font-semibold' : ''}`}
                >
                  <span className={`size-2 shrink-0 rounded-full ${slotColour(f.slot_id, slots).swatch}`} aria-hidden />
                  <FieldIcon type={f.type} className="size-3.5 shrink-0" />
                  <span className="truncate">{text}</span>
                  {problemIds.has(f.id) && <span className="ml-auto font-semibold text-red-700">error</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
