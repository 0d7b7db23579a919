import { catalogItem } from '@/server/http/catalog-routes';

// GET: one request template.
export const GET = catalogItem('request-templates');
