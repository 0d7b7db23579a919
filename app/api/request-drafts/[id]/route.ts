import { requestDraftRoutes } from '@/server/request-drafts/request-draft-kind';

// One of the user's request drafts: GET with its values, PUT over the version it was based on,
// DELETE. Anyone else's is 404 (server/drafts/draft-routes.ts).
export const GET = requestDraftRoutes.read;
export const PUT = requestDraftRoutes.update;
export const DELETE = requestDraftRoutes.remove;
