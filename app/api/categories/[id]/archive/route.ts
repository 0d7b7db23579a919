import { catalogArchive } from '@/server/http/catalog-routes';

// POST: archives a category with a reason.
export const POST = catalogArchive('categories');
