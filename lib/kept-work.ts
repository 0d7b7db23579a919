// Work a user has typed but not yet saved, kept in this browser (localStorage) so that a
// reload, an expired session or a closed tab loses none of it: the editor's unsaved layouts
// (lib/editor/draft.ts) and the approval-request forms' input; and, for the header's search,
// the records the user opened lately. Apart from any zod schema, so
// the shell's sign-out can clear it all without bringing zod into every page.
const LAYOUT_PREFIX = 'signdesk.editor.draft.';
const INPUT_PREFIX = 'signdesk.input.';
const RECENT_PREFIX = 'signdesk.recent.';

/** Where the records a user opened lately are kept (lib/search/recent.ts). */
export const recentKey = (userId: string) => `${RECENT_PREFIX}${userId}`;

/** Where one document's unsaved layout is kept. */
export const draftKey = (documentId: string) => `${LAYOUT_PREFIX}${documentId}`;

/** Where a form's unsaved input is kept, by a scope naming the form and what it is for. */
export const keptInputKey = (scope: string) => `${INPUT_PREFIX}${scope}`;

// Storage may be blocked or full: then nothing is kept, and the work still lives in the page.
function safely<T>(attempt: () => T, otherwise: T): T {
  try {
    return attempt();
  } catch {
    return otherwise;
  }
}

/** What is kept under `key`, or null. */
export const readKept = (key: string, storage: () => Storage = () => localStorage): string | null =>
  safely(() => storage().getItem(key), null);

/** Keeps `value` under `key`; null drops what was kept. */
export function writeKept(key: string, value: string | null, storage: () => Storage = () => localStorage): void {
  safely(() => (value === null ? storage().removeItem(key) : storage().setItem(key, value)), undefined);
}

/** Drops one document's kept layout (the user chose to leave it unsaved). */
export const discardKeptLayout = (documentId: string, storage?: () => Storage) => writeKept(draftKey(documentId), null, storage);

/** Drops everything kept in this browser: at sign-out, so the next person here finds none. */
export function clearKeptWork(storage: () => Storage = () => localStorage): void {
  safely(() => {
    const kept = storage();
    for (const key of Object.keys(kept))
      if ([LAYOUT_PREFIX, INPUT_PREFIX, RECENT_PREFIX].some((p) => key.startsWith(p))) kept.removeItem(key);
  }, undefined);
}
