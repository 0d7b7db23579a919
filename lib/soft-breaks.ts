// Identifiers and addresses have no spaces, so a narrow column either breaks them anywhere
// (break-all: "STALE_WORKFL/OW_RELEASE") or lets them run out of it. Instead they may wrap
// only after a separator: after @ or a dot in an address, after _ - . : / , = in a code, never
// between two letters or digits. The pieces are joined by <wbr> (components/admin/breakable.tsx).
const AFTER_SEPARATOR = /(?<=[@._\-:/,=])/;

/** The pieces of `text` between its break points; joined again they are `text`. */
export const softBreakSegments = (text: string): string[] => text.split(AFTER_SEPARATOR).filter((s) => s !== '');
