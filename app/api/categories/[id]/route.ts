import { catalogItem } from '@/server/http/catalog-routes';

// GET: one category.
export const GET = catalogItem('categories');
