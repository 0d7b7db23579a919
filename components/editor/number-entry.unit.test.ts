import { describe, expect, it } from 'vitest';
import { focusEntry, leaveEntry, ownsValue, typeEntry, type EntryState } from './number-entry.ts';

// Issue 35: "typing X = 500 and Tab sets 50; 436 becomes 43; the message vanishes". A number is
// applied whole or refused with its bounds; a refused number stays in the box as typed.
const X_ON_A4 = { min: 0, max: 395.92 };

/** Types `text` key by key into a box that starts at `value`, as a keyboard would; answers what was applied. */
function typeOut(value: number, text: string, range = X_ON_A4) {
  let state: EntryState = { ...focusEntry(value), text: '' };
  const applied: number[] = [];
  for (let i = 1; i <= text.length; i++) {
    const step = typeEntry(state, text.slice(0, i), range);
    state = step.state;
    if (step.apply !== null) applied.push(step.apply);
  }
  return { state, applied };
}

describe('a number typed into the editor panel', () => {
  it('is applied keystroke by keystroke while it is within the page', () => {
    const { state, applied } = typeOut(100, '300');
    expect(applied.at(-1)).toBe(300);
    expect(state.message).toBeNull();
    expect(leaveEntry(state, 300)).toEqual({ text: '300', before: 300, message: null });
  });

  it('past the page is refused with its bounds, and the field goes back to where it was', () => {
    const { state, applied } = typeOut(100, '500');
    // 5 and 50 were on the way; the last word is the field's own value, not 50.
    expect(applied.at(-1)).toBe(100);
    expect(state.text).toBe('500');
    expect(state.message).toBe('Not applied: must be 0 to 395.92 pt on this page');
  });

  it('keeps the refused number and its message when the box is left (Tab), never a truncated one', () => {
    const { state } = typeOut(100, '436');
    const left = leaveEntry(state, 100);
    expect(left.text).toBe('436');
    expect(left.message).toBe('Not applied: must be 0 to 395.92 pt on this page');
  });

  it('says the lower bound too', () => {
    const { state } = typeOut(40, '4', { min: 8, max: 500 });
    expect(state.message).toBe('Not applied: must be 8 to 500 pt on this page');
  });

  it('leaves what is not a number yet alone, and shows the field again on leaving', () => {
    const step = typeEntry(focusEntry(12), '-', X_ON_A4);
    expect(step.apply).toBeNull();
    expect(step.state.message).toBeNull();
    expect(leaveEntry(step.state, 12).text).toBe('12');
  });

  it('tells its own changes from a move made elsewhere (a drag), which replaces the text', () => {
    const { state } = typeOut(100, '500');
    expect(ownsValue(state, 100)).toBe(true);
    expect(ownsValue(state, 210)).toBe(false);
    expect(ownsValue(typeOut(100, '300').state, 300)).toBe(true);
  });
});
