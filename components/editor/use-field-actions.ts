'use client';

import { useCallback, useEffect, useMemo } from 'react';
import { selectedField, type EditorAction, type EditorModel } from '@/lib/editor/editor-model';
import { FIELD_TYPE_INFO, nextFieldId, type FieldType } from '@/lib/editor/field-types';
import { placeNewField } from '@/lib/editor/geometry';
import { nextSlotId } from '@/lib/editor/slots';
import type { OverlayActions } from './field-overlay';
import type { PdfPagesHandle } from './pdf-pages';

/** What the user does to fields: from the palette, on the page, in the panel and the lists. */
export function useFieldActions(
  model: EditorModel,
  dispatch: (a: EditorAction) => void,
  pages: React.RefObject<PdfPagesHandle | null>,
  slots: string[],
) {
  const selected = selectedField(model);

  const actions = useMemo<OverlayActions>(
    () => ({
      onSelect: (id) => dispatch({ type: 'select', id }),
      onMove: (id, rect) => dispatch({ type: 'update', id, patch: rect }),
      onRemove: (id) => dispatch({ type: 'remove', id }),
    }),
    [dispatch],
  );

  /** A new field of `type` on the page in view, for the selected field's signer (else the first). */
  const addField = (type: FieldType) => {
    const spot = pages.current?.visibleSpot();
    if (!spot) return;
    const rect = placeNewField(type, spot.size, spot.page, spot.band, model.fields);
    const slot_id = selected?.slot_id ?? slots[0] ?? 'signer_1';
    dispatch({
      type: 'add',
      field: {
        id: nextFieldId(type, model.fields),
        type,
        page: spot.page,
        ...rect,
        slot_id,
        required: FIELD_TYPE_INFO[type].required,
      },
    });
  };

  /** A new signer slot, given to the selected field. */
  const addSlot = () => {
    const slot = nextSlotId(slots);
    dispatch({ type: 'add-slot', slot });
    if (selected) dispatch({ type: 'update', id: selected.id, patch: { slot_id: slot } });
  };

  /** Scrolls a field into view and selects it (error list, field list). */
  const reveal = useCallback(
    (id: string) => {
      const field = model.fields.find((f) => f.id === id);
      if (field) pages.current?.scrollToField(field);
      dispatch({ type: 'select', id });
    },
    [dispatch, model.fields, pages],
  );

  return { selected, actions, addField, addSlot, reveal };
}

/** Ctrl+S / Cmd+S saves instead of saving the web page. */
export function useSaveShortcut(enabled: boolean, save: () => unknown) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        if (enabled) void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, save]);
}
