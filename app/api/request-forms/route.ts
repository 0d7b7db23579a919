import { catalogList } from '@/server/http/catalog-routes';

// GET: request forms, paginated, with q.
export const GET = catalogList('request-forms');
