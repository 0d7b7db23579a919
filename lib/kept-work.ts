// Work a user has typed but not yet saved, kept in this browser (localStorage) so that a
// reload, an expired session or a closed tab loses none of it: the editor's unsaved layouts
// (lib/editor/draft.ts) and the approval-request forms' input. Apart from any zod schema, so
// the shell's sign-out can clear it all without bringing zod into every page.
const LAYOUT_PREFIX = 'signdesk.editor.draft.';
const INPUT_PREFIX = 'signdesk.input.';

/** Where one document's unsaved layout is kept. */
export const draftKey = (documentId: string) => `${LAYOUT_PREFIX}${documentId}`;

/** Where a form's unsaved input is kept, by a scope naming the form and what it is for. */
export const keptInputKey = (scope: string) => `${INPUT_PREFIX}${scope}`;

/** Drops one document's kept layout (the user chose to leave it unsaved). */
export function discardKeptLayout(documentId: string, storage: Storage = localStorage): void {
  storage.removeItem(draftKey(documentId));
}

/** Drops everything kept in this browser: at sign-out, so the next person here finds none. */
export function clearKeptWork(storage: Storage = localStorage): void {
  for (const key of Object.keys(storage)) if (key.startsWith(LAYOUT_PREFIX) || key.startsWith(INPUT_PREFIX)) storage.removeItem(key);
}
