import { createCategorySchema } from '@/lib/catalog/schemas';
import { catalogList } from '@/server/http/catalog-routes';
import { handler } from '@/server/http/handler';
import { createCategory } from '@/server/catalog/create-category';

// GET: categories, paginated, with q and status (server/catalog/kinds.ts).
export const GET = catalogList('categories');

// POST: creates a category (admins; one Idempotency-Key per submitted form).
export const POST = handler(
  {
    permission: 'catalog:admin',
    body: createCategorySchema,
    idempotency: 'required',
    audit: { operation: 'category.create', targetType: 'category', target: (_p, _b, r) => (r as { id?: string } | null)?.id, details: (b) => ({ name: b.name }) },
  },
  ({ body, idempotencyKey }) => createCategory({ input: body, idempotencyKey: idempotencyKey! }),
);
