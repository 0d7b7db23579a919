import { requestDraftRoutes } from '@/server/request-drafts/request-draft-kind';

// GET: the signed-in user's request drafts, most recently saved first, paged. POST: a new one
// (server/drafts/draft-routes.ts).
export const GET = requestDraftRoutes.list;
export const POST = requestDraftRoutes.create;
