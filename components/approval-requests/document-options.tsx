'use client';

import type { PickerOption } from './picker-options';

// No top: an absolute box in a block container stays where it stands in the flow, right under the input.
export const POPUP = 'absolute z-20 mt-1 w-full rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-300';

export const optionIdOf = (listId: string, i: number) => `${listId}-${i}`;

interface DocumentOptionsProps {
  listId: string;
  hidden: boolean;
  options: PickerOption[];
  /** the field's document, marked selected */
  value: string;
  /** the highlighted option; the "more" option comes after the last document */
  active: number;
  /** the text of the option that loads the next page, when there is one */
  more: string | null;
  /** under the list: what the search found and the list leaves out */
  note?: string;
  onChoose(index: number): void;
  onHover(index: number): void;
}

/**
 * The picker's popup: a listbox the combobox controls (focus stays in the input, which points
 * at the highlighted option). It scrolls itself, which axe allows a combobox's popup.
 */
export function DocumentOptions({ listId, hidden, options, value, active, more, note, onChoose, onHover }: DocumentOptionsProps) {
  // Clicking an option must not take focus from the input: the popup would close first.
  const keepFocus = (e: React.MouseEvent) => e.preventDefault();
  return (
    <div hidden={hidden} className={POPUP}>
      <ul id={listId} role="listbox" aria-label="Documents" className="max-h-72 overflow-auto">
        {options.map((o, i) => (
          <li
            key={o.id}
            id={optionIdOf(listId, i)}
            role="option"
            aria-selected={o.id === value}
            onMouseDown={keepFocus}
            onClick={() => onChoose(i)}
            onMouseMove={() => onHover(i)}
            className={`cursor-pointer px-3 py-1.5 wrap-anywhere ${i === active ? 'bg-brand-50 text-brand-900' : 'text-slate-900'} ${o.id === value ? 'font-semibold' : ''}`}
          >
            {/* The id in small print; the option is named "name (id)", then what tells it apart. */}
            {o.label.endsWith(` (${o.id})`) ? (
              <>
                {o.label.slice(0, -o.id.length - 3)} <span className="text-xs text-slate-600">({o.id})</span>
              </>
            ) : (
              o.label
            )}
            {o.detail && <span className="block text-xs font-normal text-slate-600"> {o.detail}</span>}
          </li>
        ))}
        {more && (
          <li
            id={optionIdOf(listId, options.length)}
            role="option"
            aria-selected={false}
            onMouseDown={keepFocus}
            onClick={() => onChoose(options.length)}
            onMouseMove={() => onHover(options.length)}
            className={`cursor-pointer px-3 py-1.5 font-medium text-brand-700 ${active === options.length ? 'bg-brand-50' : ''}`}
          >
            {more}
          </li>
        )}
      </ul>
      {note && <p className="border-t border-slate-200 px-3 pt-1.5 text-xs text-slate-600">{note}</p>}
    </div>
  );
}
