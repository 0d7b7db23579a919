import { z } from 'zod';
import { plainText } from '../plain-text.ts';
import { approvalExportQuerySchema, packageExportQuerySchema } from '../list/filtered-list-queries.ts';
import { teamIdSchema } from '../teams/schemas.ts';
import { SAVED_VIEWS_MAX, VIEW_NAME_MAX } from './limits.ts';

// A saved view: a filtered packages or approval-requests list under a name the user chose,
// listed on their home. What it keeps is the list's filters as its URL holds them (search,
// status, archived, day ranges): never a page, so the view opens at its first page.

export const SAVED_VIEW_LISTS = {
  packages: { label: 'Packages', path: '/packages', filters: packageExportQuerySchema, permission: 'packages:read' },
  approvals: { label: 'Approval requests', path: '/approvals', filters: approvalExportQuerySchema, permission: 'approvals:read' },
} as const;
export type SavedViewList = keyof typeof SAVED_VIEW_LISTS;

export { SAVED_VIEWS_MAX, VIEW_NAME_MAX };

/** The filters of `list` read from a query string, in a fixed order, with what is not a filter left out. */
export function normaliseViewQuery(
  list: SavedViewList,
  query: string,
): { ok: true; query: string } | { ok: false; issues: z.core.$ZodIssue[] } {
  const given = Object.fromEntries(new URLSearchParams(query.startsWith('?') ? query.slice(1) : query));
  delete given.page;
  delete given.size;
  const parsed = SAVED_VIEW_LISTS[list].filters.safeParse(given);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues };
  const kept = Object.entries(parsed.data as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && v !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => [k, String(v)]);
  return { ok: true, query: new URLSearchParams(kept).toString() };
}

const viewName = plainText(
  z.string().trim().min(1, 'Give the view a name').max(VIEW_NAME_MAX, `At most ${VIEW_NAME_MAX} characters`),
);
/** who sees a view: one of its maker's teams, or null (absent): its maker alone */
const sharedWith = teamIdSchema.nullable().optional();

export const saveViewSchema = z.strictObject({
  list: z.enum(Object.keys(SAVED_VIEW_LISTS) as [SavedViewList, ...SavedViewList[]]),
  name: viewName,
  /** the list's query string, as its URL holds it */
  query: z.string().max(1_000),
  team_id: sharedWith,
});
export type SaveViewInput = z.input<typeof saveViewSchema>;

/** PATCH /api/saved-views/{id}: a new name, who sees it, or both (its filters are never changed). */
export const updateViewSchema = z
  .strictObject({ name: viewName.optional(), team_id: sharedWith })
  .refine((b) => b.name !== undefined || b.team_id !== undefined, { message: 'Give a new name, or who sees the view' });
export type UpdateViewInput = z.input<typeof updateViewSchema>;

export interface SavedView {
  id: string;
  list: SavedViewList;
  name: string;
  query: string;
  /** the list, filtered as saved: it opens under the reader's own teams (a view shares filters, never records) */
  href: string;
  created_at: string;
  /** the team it is shared with; null: its maker's alone */
  team: { id: string; name: string } | null;
  /** who made it */
  owner: { id: string; name: string };
  /** made by the reader */
  mine: boolean;
  /** the reader may rename, re-share or delete it: its maker, or an admin of its team */
  can_change: boolean;
}

export const viewHref = (list: SavedViewList, query: string) => `${SAVED_VIEW_LISTS[list].path}${query ? `?${query}` : ''}`;
