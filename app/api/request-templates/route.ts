import { catalogList } from '@/server/http/catalog-routes';

// GET: request templates (Form Builder), paginated, with q.
export const GET = catalogList('request-templates');
