import 'server-only';
import { CATALOG_KIND_INFO, CATALOG_KINDS, isCatalogKind } from '@/lib/catalog/kinds';
import { noteUpstreamRequest } from './call-context';

// Every operator spends the console's one API key, and with it the API's rate limit. So
// identical reads at the same moment share one upstream call (single flight), and catalog
// reads, which change rarely, are kept for their kind's `freshMs` (lib/catalog/kinds.ts). Per
// process: with several instances each keeps its own, a read being at most that old wherever it
// is answered.

/** A JSON answer as the API gave it, before any caller's schema reads it. */
export interface SharedAnswer {
  status: number;
  requestId: string | null;
  date: string | null;
  body: unknown;
}

/** What sharing needs to know of a read; the client sends only plain key-authenticated JSON GETs here. */
export interface ReadShape {
  path: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** a read that decides something (after a refusal): never from the cache, never joined */
  fresh?: boolean;
}

const firstSegment = (path: string) => /^\/([^/]*)/.exec(path)?.[1] ?? '';
/** The catalog kind `path` reads or writes, if any. */
const catalogKindOf = (path: string) => {
  const first = firstSegment(path);
  return isCatalogKind(first) ? first : null;
};
// Writes that can change what a catalog read says: the catalog's own, and the documents and
// hosted editor, whose layouts become document-sign templates.
const CATALOG_WRITERS = new Set<string>([...CATALOG_KINDS, 'documents', 'hosted-editor']);
// Only a read begun this recently is joined: one still running later is slow or refused, and
// whoever asks again then (Retry now) wants a call of their own, not its wait.
const JOIN_WITHIN_MS = 1_000;
const CACHE_MAX = 500;

/**
 * Per family of resources (the catalog, or a path's first segment), moved as each write of
 * that family starts and ends: reads on either side of a write never share, while a preview
 * or a submission leaves the catalog's cache alone.
 */
const generations = new Map<string, number>();
const familyOf = (path: string) => (catalogKindOf(path) ? 'catalog' : (/^\/[^/?]*/.exec(path)?.[0] ?? '/'));
/** A write moves its own family, and the catalog's too when it can change a catalog read. */
const writtenFamilies = (path: string) =>
  CATALOG_WRITERS.has(firstSegment(path)) ? new Set(['catalog', familyOf(path)]) : new Set([familyOf(path)]);
const generationOf = (family: string) => generations.get(family) ?? 0;
const move = (family: string) => generations.set(family, generationOf(family) + 1);
const inFlight = new Map<string, { answer: Promise<SharedAnswer>; startedAt: number }>();
const cached = new Map<string, { answer: SharedAnswer; generation: number; storedAt: number }>();

function keyOf(read: ReadShape): string {
  const query = Object.entries(read.query ?? {})
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => [k, String(v)])
    .sort(([a], [b]) => a!.localeCompare(b!));
  return `${read.path}?${JSON.stringify(query)}`;
}

/** A write of this console to `path`: no read it may change begun before it ends is shared with, or cached for, one after. */
export async function duringWrite<T>(path: string, write: () => Promise<T>): Promise<T> {
  const families = writtenFamilies(path);
  families.forEach(move);
  try {
    return await write();
  } finally {
    families.forEach(move);
  }
}

/** The answer to `shape`: from the catalog cache, joined to the same read under way, or `read()`. */
export function sharedRead(shape: ReadShape, read: () => Promise<SharedAnswer>): Promise<SharedAnswer> {
  const key = keyOf(shape);
  const now = performance.now();
  const kind = catalogKindOf(shape.path);
  const family = familyOf(shape.path);
  const generation = generationOf(family);
  if (kind && !shape.fresh) {
    const hit = cached.get(key);
    // A cached answer names no upstream call of this request, nor the API's time now.
    if (hit && hit.generation === generation && now - hit.storedAt < CATALOG_KIND_INFO[kind].freshMs)
      return Promise.resolve(hit.answer);
  }
  const flightKey = `${generation}|${key}`;
  const running = inFlight.get(flightKey);
  if (running && !shape.fresh && now - running.startedAt <= JOIN_WITHIN_MS) {
    return running.answer.then((answer) => {
      noteUpstreamRequest(answer.requestId, answer.date);
      return answer;
    });
  }
  const flight = { answer: read(), startedAt: now };
  inFlight.set(flightKey, flight);
  flight.answer.then(
    (answer) => {
      if (inFlight.get(flightKey) === flight) inFlight.delete(flightKey);
      if (!kind || generationOf(family) !== generation) return;
      if (cached.size >= CACHE_MAX) cached.delete(cached.keys().next().value!);
      cached.delete(key);
      cached.set(key, { answer, generation, storedAt: now });
    },
    () => {
      if (inFlight.get(flightKey) === flight) inFlight.delete(flightKey);
    },
  );
  return flight.answer;
}

/** Forgets every shared and cached read (tests; a sandbox reset through the panel). */
export function forgetReads() {
  for (const family of generations.keys()) move(family);
  move('catalog');
  inFlight.clear();
  cached.clear();
}

/** How many writes of this console have touched `path`'s family: a cache built on reads of it keys on this. */
export const writeGeneration = (path: string) => generationOf(familyOf(path));
