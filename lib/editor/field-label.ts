// What a field chip on the page can say in the room it has. A label cut by CSS alone can end
// up as one or two letters ("S…"), which names nothing; instead the chip shows the whole
// label, or its readable beginning with an ellipsis, or the type's icon alone. The full label
// always stays in the chip's title and accessible name.

/** Width in CSS pixels of `text` as the chip draws a label or the signer badge. */
export type Measure = (text: string, kind: 'label' | 'badge') => number;

export interface ChipText {
  /** the label, whole or shortened with an ellipsis; null shows the icon alone */
  label: string | null;
  /** the signer badge, shown only when the whole label fits beside it */
  badge: string | null;
}

/** The chip's fixed parts in CSS pixels: borders and padding, icon, gaps, badge padding. */
export const CHIP_METRICS = { chrome: 12, icon: 14, gap: 4, badgePadding: 8, minHeight: 18 } as const;

/** Fewer letters than this before the ellipsis no longer identify a field type. */
export const MIN_PREFIX = 4;

const ELLIPSIS = '…';
const ICON_ONLY: ChipText = { label: null, badge: null };

/** The text a chip of `width` × `height` CSS pixels shows for `label` and its signer `badge`. */
export function fitChipText(label: string, badge: string, width: number, height: number, measure: Measure): ChipText {
  const { chrome, icon, gap, badgePadding, minHeight } = CHIP_METRICS;
  const room = width - chrome - icon - gap;
  if (height < minHeight || room <= 0) return ICON_ONLY;
  const labelWidth = measure(label, 'label');
  if (labelWidth + gap + measure(badge, 'badge') + badgePadding <= room) return { label, badge };
  if (labelWidth <= room) return { label, badge: null };
  const chars = Array.from(label);
  for (let n = chars.length - 1; n >= MIN_PREFIX; n--) {
    const cut = `${chars.slice(0, n).join('').trimEnd()}${ELLIPSIS}`;
    if (measure(cut, 'label') <= room) return { label: cut, badge: null };
  }
  return ICON_ONLY;
}
