import { catalogArchive } from '@/server/http/catalog-routes';

// POST: archives a workflow; the API refuses one still used by open requests (WORKFLOW_IN_USE).
export const POST = catalogArchive('approval-workflows');
