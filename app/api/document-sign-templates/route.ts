import { catalogList } from '@/server/http/catalog-routes';

// GET: document-sign templates, paginated, with q.
export const GET = catalogList('document-sign-templates');
