'use client';

import { useEffect, useRef } from 'react';
import { Rnd } from 'react-rnd';
import { fitChipText } from '@/lib/editor/field-label';
import { FIELD_TYPE_INFO } from '@/lib/editor/field-types';
import { clampToPage, fromScreen, MIN_FIELD_SIZE, nudge, toScreen, type PageSize, type Rect } from '@/lib/editor/geometry';
import { slotColour, slotLabel } from '@/lib/editor/slots';
import type { LayoutField } from '@/lib/documents/schemas';
import { FieldIcon } from './field-icon';
import { measureChipText } from './measure-chip-text';

export interface OverlayActions {
  onSelect(id: string | null): void;
  onMove(id: string, rect: Rect): void;
  onRemove(id: string): void;
}

interface FieldOverlayProps extends OverlayActions {
  field: LayoutField;
  page: PageSize;
  scale: number;
  slots: string[];
  selected: boolean;
  hasProblem: boolean;
  readOnly: boolean;
}

const Corner = () => (
  <span className="absolute left-1/2 top-1/2 size-2.5 -translate-x-1/2 -translate-y-1/2 rounded-[2px] border-2 border-slate-900 bg-white" />
);
const CORNERS = { topLeft: <Corner />, topRight: <Corner />, bottomLeft: <Corner />, bottomRight: <Corner /> };
const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** A field on the page: drag to move, corner handles to resize, arrows to nudge, Delete to remove. */
export function FieldOverlay({
  field,
  page,
  scale,
  slots,
  selected,
  hasProblem,
  readOnly,
  onSelect,
  onMove,
  onRemove,
}: FieldOverlayProps) {
  const chip = useRef<HTMLDivElement>(null);
  const s = toScreen(field, page, scale);
  const colour = slotColour(field.slot_id, slots);
  const info = FIELD_TYPE_INFO[field.type];

  // Selecting a field from the palette or the error list brings keyboard focus to it, unless
  // the user is typing in the properties panel.
  useEffect(() => {
    if (selected && !document.activeElement?.closest('[data-editor-panel]')) chip.current?.focus({ preventScroll: true });
  }, [selected]);

  const commit = (r: Rect) => onMove(field.id, clampToPage(r, page));
  const onKeyDown = (e: React.KeyboardEvent) => {
    const arrow = ARROWS[e.key];
    if (arrow && !readOnly) {
      e.preventDefault();
      const step = e.shiftKey ? 10 : 1;
      onMove(field.id, nudge(field, arrow[0] * step, arrow[1] * step, page));
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && !readOnly) {
      e.preventDefault();
      onRemove(field.id);
    } else if (e.key === 'Escape') onSelect(null);
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(field.id);
    }
  };

  const slot = slotLabel(field.slot_id);
  const badge = `${slot.replace('Signer ', 'S')}${field.required ? ' *' : ''}`;
  const text = fitChipText(info.label, badge, s.width, s.height, measureChipText);
  const tone = hasProblem ? 'border-red-600 bg-red-50/90 text-red-800' : `${colour.border} ${colour.bg} ${colour.text}`;
  return (
    <Rnd
      bounds="parent"
      position={{ x: s.left, y: s.top }}
      size={{ width: s.width, height: s.height }}
      minWidth={MIN_FIELD_SIZE * scale}
      minHeight={MIN_FIELD_SIZE * scale}
      disableDragging={readOnly}
      enableResizing={!readOnly && selected}
      resizeHandleComponent={CORNERS}
      style={{ zIndex: selected ? 20 : 10 }}
      onDragStart={() => onSelect(field.id)}
      onDragStop={(_e, d) => {
        if (Math.abs(d.x - s.left) < 0.5 && Math.abs(d.y - s.top) < 0.5) return;
        commit(fromScreen({ left: d.x, top: d.y, width: s.width, height: s.height }, page, scale));
      }}
      onResizeStop={(_e, _dir, el, _delta, pos) =>
        commit(fromScreen({ left: pos.x, top: pos.y, width: el.offsetWidth, height: el.offsetHeight }, page, scale))
      }
    >
      <div
        ref={chip}
        role="button"
        tabIndex={0}
        aria-pressed={selected}
        aria-label={`${info.label} field ${field.id} for ${slot} on page ${field.page}${field.required ? ', required' : ''}${hasProblem ? ', has errors' : ''}`}
        title={`${info.label} · ${slot}${field.required ? ' · required' : ''}`}
        data-field-id={field.id}
        data-problem={hasProblem || undefined}
        onMouseDown={() => onSelect(field.id)}
        onKeyDown={onKeyDown}
        // Focus is an outline of its own, apart from the selection's ring: a keyboard user sees
        // which chip the arrows move even while another stays selected.
        className={`flex h-full w-full cursor-move select-none items-center gap-1 overflow-hidden rounded-[3px] border-2 px-1 text-xs font-semibold leading-none outline-hidden focus-visible:outline-solid focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${tone} ${
          selected ? 'shadow-lg ring-2 ring-slate-900 ring-offset-1' : 'hover:shadow-md'
        } ${hasProblem ? 'border-dashed' : ''} ${readOnly ? 'cursor-default' : ''}`}
      >
        <FieldIcon type={field.type} className={`shrink-0 ${text.label === null ? 'mx-auto size-3' : 'size-3.5'}`} />
        {text.label !== null && (
          <span data-field-label className="truncate">
            {text.label}
          </span>
        )}
        {text.badge !== null && (
          <span className="ml-auto shrink-0 rounded-sm bg-white/80 px-1 py-0.5 text-[10px]">{text.badge}</span>
        )}
      </div>
    </Rnd>
  );
}
