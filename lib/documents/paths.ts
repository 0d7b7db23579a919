import type { Route } from 'next';

// Where the documents pages live; one place builds (and encodes) their addresses.
export const documentsPath = (id?: string) => (id ? `/documents/${encodeURIComponent(id)}` : '/documents') as Route;
export const documentEditorPath = (id: string) => `/documents/${encodeURIComponent(id)}/editor` as Route;
