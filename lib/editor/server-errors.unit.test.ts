import { describe, expect, it } from 'vitest';
import type { LayoutField } from '../documents/schemas.ts';
import { layoutProblems, problemCount, problemText } from './server-errors.ts';

const f = (id: string): LayoutField => ({ id, type: 'text', page: 1, x: 0, y: 0, width: 10, height: 10, slot_id: 'signer_1', required: false });
const sent = [f('text_1'), f('date_1'), f('sig_1')];

describe('layoutProblems', () => {
  it('attaches each detail to its field by field_id, with the property from the path', () => {
    const p = layoutProblems(
      [
        { path: 'fields.2.width', message: 'the field ends at x = 900, beyond the right edge of page 1 (612 points wide)', field_id: 'sig_1' },
        { path: 'fields.2.x', message: 'must be at least 0 (the left edge of the page)', field_id: 'sig_1' },
      ],
      sent,
    );
    expect(p.byField).toEqual({
      sig_1: [
        { property: 'width', message: 'the field ends at x = 900, beyond the right edge of page 1 (612 points wide)' },
        { property: 'x', message: 'must be at least 0 (the left edge of the page)' },
      ],
    });
    expect(problemText(p.byField.sig_1![0]!)).toBe('Width: the field ends at x = 900, beyond the right edge of page 1 (612 points wide)');
    expect(problemCount(p)).toBe(2);
  });

  it('falls back to the path index when field_id is missing or unknown', () => {
    const p = layoutProblems([{ path: 'fields.1.page', message: 'page 9 does not exist' }, { path: 'fields.0', message: 'bad', field_id: 'other' }], sent);
    expect(p.byField).toEqual({ date_1: [{ property: 'page', message: 'page 9 does not exist' }], text_1: [{ property: null, message: 'bad' }] });
  });

  it('keeps layout-wide problems apart', () => {
    const p = layoutProblems(
      [
        { path: 'fields', message: 'a layout needs at least one field before it can be completed' },
        { path: 'fields.7.x', message: 'out of range' },
      ],
      sent,
    );
    expect(p.general).toEqual(['a layout needs at least one field before it can be completed', 'fields.7.x: out of range']);
    expect(p.byField).toEqual({});
  });
});
