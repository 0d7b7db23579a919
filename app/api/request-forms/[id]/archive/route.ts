import { catalogArchive } from '@/server/http/catalog-routes';

// POST: archives a request form with a reason.
export const POST = catalogArchive('request-forms');
