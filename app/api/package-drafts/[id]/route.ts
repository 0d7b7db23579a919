import { packageDraftRoutes } from '@/server/package-drafts/package-draft-kind';

// One of the user's package drafts: GET with its values, PUT over the version it was based on,
// DELETE. Anyone else's is 404 (server/drafts/draft-routes.ts).
export const GET = packageDraftRoutes.read;
export const PUT = packageDraftRoutes.update;
export const DELETE = packageDraftRoutes.remove;
