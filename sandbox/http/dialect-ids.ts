// The spec does not show identifiers' shapes. The alternate dialect gives every record another
// prefix and another length, on the wire only: answers say the alternate form (the whole
// value, a URL segment, a word of a sentence, the workflow part of `<workflow_id>@<n>`), and
// requests may use either form anywhere an identifier goes (a path segment, a query value, a
// JSON string), so fixtures named in the standard form still work; the store keeps one form.

const ALTERNATE: Record<string, string> = {
  pkg: 'SIGPKG',
  ar: 'APREQ',
  rvt: 'REVTASK',
  doc: 'DOCF',
  pt: 'RCPT',
  hes: 'EDSESS',
  cat: 'CATG',
  rt: 'RQTPL',
  wf: 'WFLOW',
  rf: 'RQFORM',
  dst: 'DSTPL',
  dstv: 'DSTVER',
};
const STANDARD = Object.fromEntries(Object.entries(ALTERNATE).map(([std, alt]) => [alt, std]));

const STANDARD_ID = new RegExp(`^(${Object.keys(ALTERNATE).join('|')})_([A-Za-z0-9_-]+)$`);
const ALTERNATE_ID = new RegExp(`^(${Object.keys(STANDARD).join('|')})-([A-Za-z0-9_-]+)$`);

export type Direction = 'out' | 'in';

/** One identifier in the other form; anything else as it is. */
export function mapId(value: string, direction: Direction): string {
  const match = (direction === 'out' ? STANDARD_ID : ALTERNATE_ID).exec(value);
  if (!match) return value;
  return direction === 'out' ? `${ALTERNATE[match[1]!]}-${match[2]}` : `${STANDARD[match[1]!]}_${match[2]}`;
}

/**
 * Every identifier in a string, where it stands: the whole string, a path or URL segment, or a
 * word of a sentence for people ("Evidence of approval request ar_1"), as a host that names
 * its own identifiers in its own words would say it. Word for word, so it reads back exactly.
 */
export const mapIdsInString = (text: string, direction: Direction) =>
  text.replace(/[A-Za-z0-9_-]+/g, (word) => mapId(word, direction));

/** Every string in a JSON value (keys stay: they are field names). */
export function mapIds(value: unknown, direction: Direction): unknown {
  if (typeof value === 'string') return mapIdsInString(value, direction);
  if (Array.isArray(value)) return value.map((v) => mapIds(v, direction));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapIds(v, direction)]));
}

/** A request's URL with the alternate identifiers in its path and query read back. */
export function standardUrl(url: URL): URL {
  const next = new URL(url);
  next.pathname = url.pathname
    .split('/')
    .map((segment) => {
      const decoded = safeDecode(segment);
      const mapped = mapId(decoded, 'in');
      return mapped === decoded ? segment : encodeURIComponent(mapped);
    })
    .join('/');
  const query = [...url.searchParams];
  // Re-encoded only when an identifier changed, so every other query stays byte for byte.
  if (query.some(([, value]) => mapId(value, 'in') !== value))
    next.search = new URLSearchParams(query.map(([name, value]) => [name, mapId(value, 'in')])).toString();
  return next;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
