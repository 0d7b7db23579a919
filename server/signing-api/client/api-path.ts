import 'server-only';
import { SigningApiError } from './errors';

// One rule for every path the console sends with its key, wherever its ids came from (a
// route's path, a request body, an upstream record): each segment is one opaque segment. An id
// of `..` stays a dot segment through encodeURIComponent, and URL resolution would turn
// `/approval-workflows/..` into another route of the API, called with the console's key.

const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** Refuses, before any call, a path whose segments URL resolution would rewrite. */
export function checkedPath(base: string, path: string): URL {
  const segments = path.split('/').slice(1);
  const unsafe = segments.find((s) => s === '' || DOT_SEGMENT.test(s) || /%2f|%5c|\\/i.test(s) || /[\u0000-\u001f?#]/.test(s));
  const url = new URL(`${base}${path}`);
  if (unsafe !== undefined || url.pathname !== new URL(base).pathname.replace(/\/$/, '') + path)
    throw new SigningApiError(422, 'INVALID_ID', 'An identifier in this request is not a valid identifier.', [
      { path: 'id', message: 'not a valid identifier' },
    ]);
  return url;
}

/** Encodes one id as one path segment (no `/`, and never a dot segment: checkedPath refuses those). */
export const segment = (id: string | number) => encodeURIComponent(String(id));
