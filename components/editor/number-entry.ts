import { formatPoints } from '@/lib/editor/points';

// The editor panel's number boxes (issue 35: "typing X = 500 and Tab sets 50; 436 becomes 43;
// the message vanishes"). A keystroke that makes a number within the page applies it at once;
// one past the page is refused with its bounds and stays in the box as typed, and the field goes
// back to where it was when the typing began, so no prefix of the refused number (5, 50) stays.

export interface PointRange {
  min: number;
  max: number;
}

export interface EntryState {
  /** the box's text, as typed */
  text: string;
  /** the field's value when this entry began: where a refused number puts the field back */
  before: number;
  /** why the text is not applied (out of range); null while it is, or is not a number yet */
  message: string | null;
}

export const refusal = (range: PointRange) =>
  `Not applied: must be ${formatPoints(range.min)} to ${formatPoints(range.max)} pt on this page`;

/** A box showing the field's value, nothing refused. */
export const focusEntry = (value: number): EntryState => ({ text: String(value), before: value, message: null });

/** A keystroke: the new state, and the value to give the field (null: leave it as it is). */
export function typeEntry(state: EntryState, text: string, range?: PointRange): { state: EntryState; apply: number | null } {
  const n = Number(text);
  // "", "-" or "12." are on their way to a number: nothing to apply or refuse yet.
  if (text.trim() === '' || !Number.isFinite(n)) return { state: { ...state, text, message: null }, apply: null };
  if (range && (n < range.min || n > range.max))
    return { state: { ...state, text, message: refusal(range) }, apply: state.before };
  return { state: { ...state, text, message: null }, apply: n };
}

/** Leaving the box: a refused number stays, as typed, with its message; anything else shows the field. */
export const leaveEntry = (state: EntryState, value: number): EntryState => (state.message ? state : focusEntry(value));

/** Whether the field's value is the box's own doing (what it applied), rather than a move made elsewhere. */
export const ownsValue = (state: EntryState, value: number) =>
  state.message ? value === state.before : Number(state.text) === value;
