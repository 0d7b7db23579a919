import { packageDraftRoutes } from '@/server/package-drafts/package-draft-kind';

// GET: the signed-in user's package drafts, most recently saved first, paged. POST: a new one
// (server/drafts/draft-routes.ts).
export const GET = packageDraftRoutes.list;
export const POST = packageDraftRoutes.create;
