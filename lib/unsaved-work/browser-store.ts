// The one place work a user has not saved is kept in this browser (localStorage), so a reload,
// an expired session or a closed tab loses none of it: the editor's unsaved layouts, the forms'
// input (local-copy.ts); and, beside them, what the header's search opened lately and the
// request statuses seen. Apart from any zod schema, so the shell's sign-out can clear it all
// without bringing zod into every page.
const LAYOUT_PREFIX = 'signdesk.editor.draft.';
const INPUT_PREFIX = 'signdesk.input.';
const RECENT_PREFIX = 'signdesk.recent.';

/** Where the records a user opened lately are kept (lib/search/recent.ts). */
export const recentKey = (userId: string) => `${RECENT_PREFIX}${userId}`;

/** Where one document's unsaved layout is kept. */
export const layoutKey = (documentId: string) => `${LAYOUT_PREFIX}${documentId}`;

/** Where a form's unsaved input is kept, by a scope naming the form and what it is for. */
export const inputKey = (scope: string) => `${INPUT_PREFIX}${scope}`;

/** The browser's storage, asked for at each use: it may be blocked, and it is absent on the server. */
export type StorageSource = () => Storage;
const local: StorageSource = () => localStorage;

// Storage may be blocked or full: then nothing is kept, and the work still lives in the page.
function safely<T>(attempt: () => T, otherwise: T): T {
  try {
    return attempt();
  } catch {
    return otherwise;
  }
}

/** What is kept under `key`, or null. */
export const readKept = (key: string, storage: StorageSource = local): string | null =>
  safely(() => storage().getItem(key), null);

/** Keeps `value` under `key`; null drops what was kept. */
export function writeKept(key: string, value: string | null, storage: StorageSource = local): void {
  safely(() => (value === null ? storage().removeItem(key) : storage().setItem(key, value)), undefined);
}

/** Drops everything kept in this browser: at sign-out, so the next person here finds none. */
export function clearKeptWork(storage: StorageSource = local): void {
  safely(() => {
    const kept = storage();
    for (const key of Object.keys(kept))
      if ([LAYOUT_PREFIX, INPUT_PREFIX, RECENT_PREFIX].some((p) => key.startsWith(p))) kept.removeItem(key);
  }, undefined);
}
