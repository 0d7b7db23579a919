import { describe, expect, it } from 'vitest';
import { CHIP_METRICS, MIN_PREFIX, fitChipText, type Measure } from './field-label.ts';

// A monospace stand-in for the browser's text metrics: 7 px a letter, 6 px in the badge.
const measure: Measure = (text, kind) => Array.from(text).length * (kind === 'label' ? 7 : 6);
const { chrome, icon, gap, badgePadding } = CHIP_METRICS;
/** The chip width that leaves exactly `room` pixels for text. */
const widthFor = (room: number) => room + chrome + icon + gap;

describe('fitChipText', () => {
  it('shows the whole label and the badge when both fit', () => {
    const room = 9 * 7 + gap + 2 * 6 + badgePadding;
    expect(fitChipText('Signature', 'S1', widthFor(room), 40, measure)).toEqual({ label: 'Signature', badge: 'S1' });
  });

  it('drops the badge before it shortens the label', () => {
    expect(fitChipText('Signature', 'S1', widthFor(9 * 7), 40, measure)).toEqual({ label: 'Signature', badge: null });
  });

  it('a long signer id never squeezes the label', () => {
    expect(fitChipText('Signature', 'counterparty_authorised_signatory', widthFor(200), 40, measure)).toEqual({
      label: 'Signature',
      badge: null,
    });
  });

  it('shortens with an ellipsis that keeps the readable beginning', () => {
    expect(fitChipText('Signature', 'S1', widthFor(6 * 7), 40, measure)).toEqual({ label: 'Signa…', badge: null });
    expect(fitChipText('Checkbox', 'S1', widthFor(5 * 7), 40, measure)).toEqual({ label: 'Chec…', badge: null });
  });

  it('shows the icon alone rather than one or two letters', () => {
    for (let room = 0; room < (MIN_PREFIX + 1) * 7; room++) {
      const { label } = fitChipText('Signature', 'S1', widthFor(room), 40, measure);
      expect(label === null || Array.from(label.replace('…', '')).length >= MIN_PREFIX, `room ${room}: ${label}`).toBe(true);
    }
    expect(fitChipText('Signature', 'S1', widthFor(4 * 7), 40, measure)).toEqual({ label: null, badge: null });
    expect(fitChipText('Date', 'S1', widthFor(3 * 7), 40, measure)).toEqual({ label: null, badge: null });
  });

  it('a chip too low for a line of text shows the icon alone', () => {
    expect(fitChipText('Checkbox', 'S1', 300, 17, measure)).toEqual({ label: null, badge: null });
  });

  it('never returns text wider than the room it was given', () => {
    for (let width = 0; width < 200; width += 3) {
      const { label, badge } = fitChipText('Initials', 'witness', width, 30, measure);
      const used = (label ? measure(label, 'label') : 0) + (badge ? gap + measure(badge, 'badge') + badgePadding : 0);
      expect(used, `width ${width}`).toBeLessThanOrEqual(Math.max(0, width - chrome - icon - gap));
    }
  });
});
