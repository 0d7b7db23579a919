import { describe, expect, it } from 'vitest';
import type { LayoutField } from '../documents/schemas.ts';
import { acceptLayout } from './draft.ts';
import { layoutKey } from '../unsaved-work/browser-store.ts';
import { readCopy, writeCopy } from '../unsaved-work/local-copy.ts';
import { memoryStorage } from '../unsaved-work/memory-storage.ts';
import { editorReducer, initialModel, isDirty, selectedField, type EditorModel } from './editor-model.ts';
import { nextFieldId, normalizeField } from './field-types.ts';
import { nextSlotId, slotColour, slotLabel, slotList } from './slots.ts';

const f = (id: string, over: Partial<LayoutField> = {}): LayoutField => ({
  id,
  type: 'signature',
  page: 1,
  x: 72,
  y: 72,
  width: 160,
  height: 40,
  slot_id: 'signer_1',
  required: true,
  ...over,
});
const loaded = (fields: LayoutField[], version = 3): EditorModel =>
  editorReducer(initialModel, { type: 'loaded', fields, version, status: 'draft' });

describe('editor model', () => {
  it('is clean after a read and dirty after an edit, clean again when the edit is undone', () => {
    let m = loaded([f('a')]);
    expect(isDirty(m)).toBe(false);
    m = editorReducer(m, { type: 'update', id: 'a', patch: { x: 90 } });
    expect(isDirty(m)).toBe(true);
    m = editorReducer(m, { type: 'update', id: 'a', patch: { x: 72 } });
    expect(isDirty(m)).toBe(false);
  });

  it('selects what it adds and forgets the selection of what it removes', () => {
    let m = editorReducer(loaded([]), { type: 'add', field: f('b') });
    expect(selectedField(m)?.id).toBe('b');
    m = editorReducer(m, { type: 'remove', id: 'b' });
    expect(m.selectedId).toBeNull();
    expect(m.fields).toEqual([]);
  });

  it('clears a field’s server problems once the user changes or deletes it', () => {
    let m = editorReducer(loaded([f('a'), f('b')]), {
      type: 'rejected',
      problems: { byField: { a: [{ property: 'x', message: 'bad' }], b: [{ property: 'y', message: 'bad' }] }, general: [] },
    });
    m = editorReducer(m, { type: 'update', id: 'a', patch: { x: 1 } });
    expect(Object.keys(m.problems.byField)).toEqual(['b']);
    m = editorReducer(m, { type: 'remove', id: 'b' });
    expect(m.problems.byField).toEqual({});
  });

  it('takes the server layout as the base on save, keeping edits made while it ran', () => {
    let m = editorReducer(loaded([f('a')], 3), { type: 'update', id: 'a', patch: { x: 100 } });
    const sent = m.fields;
    m = editorReducer(m, { type: 'update', id: 'a', patch: { x: 120 } });
    m = editorReducer(m, { type: 'saved', fields: sent, version: 4, status: 'draft' });
    expect(m.version).toBe(4);
    expect(m.fields[0]?.x).toBe(120);
    expect(isDirty(m)).toBe(true);
  });

  it('rebases: the merged layout stays local on top of the new server version', () => {
    const m = editorReducer(loaded([f('a')], 3), {
      type: 'rebased',
      fields: [f('a'), f('s')],
      local: [f('a', { x: 5 }), f('s')],
      version: 5,
      status: 'draft',
    });
    expect(m.version).toBe(5);
    expect(m.base.map((x) => x.id)).toEqual(['a', 's']);
    expect(isDirty(m)).toBe(true);
  });

  it('adds a slot once', () => {
    let m = editorReducer(loaded([]), { type: 'add-slot', slot: 'signer_2' });
    m = editorReducer(m, { type: 'add-slot', slot: 'signer_2' });
    expect(m.extraSlots).toEqual(['signer_2']);
  });
});

describe('slots and ids', () => {
  it('lists slots in numeric order with signer_1 always present', () => {
    expect(slotList([{ slot_id: 'signer_10' }, { slot_id: 'signer_2' }, { slot_id: 'witness' }], ['signer_3'])).toEqual([
      'signer_1',
      'signer_2',
      'signer_3',
      'signer_10',
      'witness',
    ]);
    expect(nextSlotId(['signer_1', 'signer_10', 'witness'])).toBe('signer_11');
    expect(slotLabel('signer_4')).toBe('Signer 4');
    expect(slotLabel('witness')).toBe('witness');
  });

  it('gives numbered slots a stable colour', () => {
    expect(slotColour('signer_2', ['signer_1', 'signer_2'])).toBe(slotColour('signer_2', ['signer_2']));
    expect(slotColour('signer_1', [])).not.toBe(slotColour('signer_2', []));
  });

  it('makes readable unique field ids', () => {
    expect(nextFieldId('date', [{ id: 'date_1' }, { id: 'date_3' }])).toBe('date_2');
  });

  it('strips what the server added to a field and refuses broken ones', () => {
    expect(normalizeField({ ...f('a'), extra: true })).toEqual(f('a'));
    expect(normalizeField({ ...f('a'), type: 'stamp' })).toBeNull();
    expect(normalizeField({ ...f('a'), x: 'x' })).toBeNull();
  });
});

describe('kept layout', () => {
  const key = layoutKey('doc_1');
  it('round-trips through the browser copy and refuses anything malformed', () => {
    const storage = memoryStorage();
    const d = { fields: [f('a')], base: [], version: 2, extraSlots: ['signer_2'] };
    writeCopy(key, d, { now: new Date('2030-01-01T00:00:00Z'), storage: () => storage });
    expect(readCopy(key, acceptLayout, () => storage)).toEqual({ values: d, savedAt: '2030-01-01T00:00:00.000Z' });
    expect(acceptLayout({ fields: [{ id: 1 }], base: [], version: 2 })).toBeNull();
    expect(acceptLayout(null)).toBeNull();
  });

  it('still reads a layout kept flat, as the editor kept them before', () => {
    const d = { fields: [f('a')], base: [], version: 2, extraSlots: [] };
    const storage = memoryStorage({ [key]: JSON.stringify({ ...d, savedAt: '2030-01-01T00:00:00.000Z' }) });
    expect(readCopy(key, acceptLayout, () => storage)).toEqual({ values: d, savedAt: '2030-01-01T00:00:00.000Z' });
  });
});
