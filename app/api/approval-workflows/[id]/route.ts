import { catalogItem } from '@/server/http/catalog-routes';

// GET: one approval workflow with its releases.
export const GET = catalogItem('approval-workflows');
