// No `import 'server-only'`: scripts/console-server.ts loads this under plain node, and proxy.ts reads it too.

// Home's document, as it was rendered for one person, kept to be answered again without
// rendering it (issue 35: a morning's rush of people opening Home was bound by Next handling and
// rendering the same shell over and over, 10–13 ms of CPU each, while its data is one shared
// read). The page holds nothing but the shell (the person's name, their areas, the locale it
// formats in); its sections come from /api/home. Home's own code (server/home/kept-home.ts, in
// Next's bundle) decides what a request may be answered with: the session checked as every page
// checks it, and the key naming all the page is rendered from. The console's server
// (server/edge/home-document.ts) asks it, answers a kept document with a fresh nonce, or keeps
// what Next renders under the key it was given. Next's bundles and the console's server each get
// their own copy of this module, so what they share lives on globalThis under registered
// symbols. A bounded cache, not state: losing it changes nothing but the cost.

export interface KeptDocument {
  html: string;
  /** the nonce the document was rendered with: replaced by each answer's own */
  nonce: string;
  headers: Readonly<Record<string, string>>;
  keptAt: number;
}

const KEPT_MAX = 500;
/** At most this much HTML kept in all (a document is about 25 KB; a string may take twice its bytes). */
const KEPT_BYTES_MAX = 32 * 1024 * 1024;
/** Long enough for a working day's returns to Home; what the page depends on is in the key. */
const KEPT_MS = 8 * 3_600_000;

const KEY = Symbol.for('signdesk.kept-documents');
const ANSWERER = Symbol.for('signdesk.kept-home-answerer');
const store = ((globalThis as Record<symbol, unknown>)[KEY] ??= new Map<string, KeptDocument>()) as Map<string, KeptDocument>;

/** The document kept under `key`, if it is still within its time. */
export function keptDocument(key: string, now = Date.now()): KeptDocument | null {
  const kept = store.get(key);
  if (!kept) return null;
  store.delete(key);
  if (now - kept.keptAt > KEPT_MS) return null;
  // Most recently used last: the first in the map is the one to drop.
  store.set(key, kept);
  return kept;
}

export function keepDocument(key: string, document: KeptDocument): void {
  store.delete(key);
  store.set(key, document);
  let bytes = 0;
  for (const kept of store.values()) bytes += kept.html.length * 2;
  // The least recently used go first, until both bounds hold.
  for (const oldest of store.keys()) {
    if (store.size <= KEPT_MAX && bytes <= KEPT_BYTES_MAX) break;
    bytes -= store.get(oldest)!.html.length * 2;
    store.delete(oldest);
  }
}

/** The nonce a page's Content-Security-Policy allows, as proxy.ts writes it. */
export function nonceOf(policy: string | undefined): string | null {
  return /'nonce-([A-Za-z0-9+/=]{16,})'/.exec(policy ?? '')?.[1] ?? null;
}

/**
 * The document with `nonce` wherever it carried its own. A nonce is 128 random bits: it occurs
 * in the document only where Next wrote it (script and link attributes, the flight data).
 */
export function withNonce(document: KeptDocument, nonce: string): string {
  return document.html.split(document.nonce).join(nonce);
}

/** A request for Home's document as the console's server holds it: what a session check reads. */
export interface HomeDocumentRequest {
  headers: { get(name: string): string | null };
  cookies: { get(name: string): { value: string } | undefined };
}

/** What Home's code says of such a request: its kept document, or render it (and keep it under `keepAs`). */
export type KeptHomeAnswer =
  { kind: 'kept'; document: KeptDocument; userId: string } | { kind: 'render'; keepAs?: string; userId?: string };

export type KeptHomeAnswerer = (req: HomeDocumentRequest) => Promise<KeptHomeAnswer>;

/** Home's code offers its answerer once Home has rendered in this process (before that, nothing is kept). */
export function offerKeptHome(answerer: KeptHomeAnswerer): void {
  (globalThis as Record<symbol, unknown>)[ANSWERER] = answerer;
}

export function keptHomeAnswerer(): KeptHomeAnswerer | null {
  return ((globalThis as Record<symbol, unknown>)[ANSWERER] as KeptHomeAnswerer | undefined) ?? null;
}
