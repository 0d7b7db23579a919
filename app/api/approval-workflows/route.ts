import { catalogList } from '@/server/http/catalog-routes';

// GET: approval workflows, filtered by status, category and request template (server/catalog/kinds.ts).
export const GET = catalogList('approval-workflows');
