import { FIELD_TYPE_INFO, FIELD_TYPES, type FieldType } from '@/lib/editor/field-types';
import { FieldIcon } from './field-icon';
import { Card } from '../ui/card';

/** One button per field type; a field is added to the page in view. */
export function FieldPalette({ disabled, onAdd }: { disabled: boolean; onAdd(type: FieldType): void }) {
  return (
    <Card as="section" aria-labelledby="palette-title" className="p-3">
      <h2 id="palette-title" className="text-sm font-semibold text-slate-900">
        Add a field
      </h2>
      <p className="mt-0.5 text-xs text-slate-600">Placed on the page in view.</p>
      <ul className="mt-2 flex flex-wrap gap-1.5 lg:flex-col">
        {FIELD_TYPES.map((type) => (
          <li key={type}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onAdd(type)}
              aria-label={`Add ${FIELD_TYPE_INFO[type].label.toLowerCase()} field`}
              className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm font-medium text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-brand-50 hover:ring-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:text-slate-400"
            >
              <FieldIcon type={type} />
              {FIELD_TYPE_INFO[type].label}
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
