import type { Route } from 'next';

// Where a draft is resumed: its form, started from it. One place builds (and encodes) them.
export const packageDraftPath = (id: string) => `/packages/new?draft=${encodeURIComponent(id)}` as Route;
export const requestDraftPath = (id: string) => `/approvals/new?draft=${encodeURIComponent(id)}` as Route;
