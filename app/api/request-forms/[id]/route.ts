import { catalogItem } from '@/server/http/catalog-routes';

// GET: one request form.
export const GET = catalogItem('request-forms');
