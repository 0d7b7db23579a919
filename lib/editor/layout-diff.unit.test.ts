import { describe, expect, it } from 'vitest';
import type { LayoutField } from '../documents/schemas.ts';
import { countChanges, diffLayouts, rebaseLayout, sameLayout } from './layout-diff.ts';

const f = (id: string, over: Partial<LayoutField> = {}): LayoutField => ({ id, type: 'signature', page: 1, x: 72, y: 72, width: 160, height: 40, slot_id: 'signer_1', required: true, ...over });

describe('sameLayout', () => {
  it('ignores order but not values', () => {
    expect(sameLayout([f('a'), f('b')], [f('b'), f('a')])).toBe(true);
    expect(sameLayout([f('a')], [f('a', { x: 73 })])).toBe(false);
    expect(sameLayout([f('a')], [f('a'), f('b')])).toBe(false);
    expect(sameLayout([f('a')], [f('b')])).toBe(false);
  });
});

describe('diffLayouts', () => {
  it('names fields added, removed, moved and otherwise changed', () => {
    const from = [f('keep'), f('gone', { type: 'date' }), f('moved'), f('resized'), f('reassigned')];
    const to = [f('keep'), f('moved', { x: 100, y: 60 }), f('resized', { width: 200 }), f('reassigned', { slot_id: 'signer_2', required: false }), f('new', { type: 'checkbox', page: 2, slot_id: 'signer_3', required: false })];
    const changes = diffLayouts(from, to);
    expect(changes.map((c) => [c.id, c.kind, c.summary])).toEqual([
      ['moved', 'moved', 'moved from (72, 72) to (100, 60)'],
      ['resized', 'moved', 'resized from 160 × 40 to 200 × 40'],
      ['reassigned', 'changed', 'signer Signer 1 → Signer 2; now optional'],
      ['new', 'added', 'Checkbox on page 2 for Signer 3'],
      ['gone', 'removed', 'Date on page 1 for Signer 1, required'],
    ]);
    expect(countChanges(changes)).toEqual({ added: 1, removed: 1, moved: 2, changed: 1 });
  });

  it('reports a move to another page', () => {
    expect(diffLayouts([f('a')], [f('a', { page: 3 })])[0]?.summary).toBe('moved from page 1 to page 3');
  });

  it('finds nothing between equal layouts', () => {
    expect(diffLayouts([f('a'), f('b')], [f('b'), f('a')])).toEqual([]);
  });
});

describe('rebaseLayout', () => {
  const base = [f('a'), f('b'), f('c'), f('d')];

  it('keeps the server’s changes and replays the user’s on top', () => {
    const mine = [f('a', { x: 200 }), f('b'), f('d'), f('mine')];
    const theirs = [f('a'), f('b', { slot_id: 'signer_2' }), f('c'), f('d'), f('theirs')];
    const result = rebaseLayout(base, mine, theirs);
    expect(result.fields).toEqual([f('a', { x: 200 }), f('b', { slot_id: 'signer_2' }), f('d'), f('theirs'), f('mine')]);
    expect(result).toMatchObject({ overridden: [], restored: [], dropped: [] });
  });

  it('lets the user’s version win where both changed a field, and says so', () => {
    const result = rebaseLayout(base, [f('a', { x: 200 }), f('b'), f('c'), f('d')], [f('a', { y: 300 }), f('b'), f('c'), f('d')]);
    expect(result.fields[0]).toEqual(f('a', { x: 200 }));
    expect(result.overridden).toEqual(['a']);
  });

  it('does not call identical edits on both sides a conflict', () => {
    const result = rebaseLayout(base, [f('a', { x: 200 }), f('b'), f('c'), f('d')], [f('a', { x: 200 }), f('b'), f('c'), f('d')]);
    expect(result.overridden).toEqual([]);
  });

  it('keeps a field the user edited that the server deleted, and deletes one the user deleted', () => {
    const mine = [f('a', { x: 10 }), f('b'), f('c')];
    const theirs = [f('b'), f('c'), f('d', { required: false })];
    const result = rebaseLayout(base, mine, theirs);
    expect(result.fields.map((x) => x.id)).toEqual(['b', 'c', 'a']);
    expect(result.restored).toEqual(['a']);
    expect(result.dropped).toEqual(['d']);
  });

  it('answers the server layout when the user changed nothing', () => {
    const theirs = [f('x'), f('y')];
    expect(rebaseLayout(base, base, theirs).fields).toEqual(theirs);
  });
});
