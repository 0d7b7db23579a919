import { idSchema, statusFilter } from '@/lib/list/schemas';
import { catalogList } from '@/server/http/catalog-routes';

// GET: approval workflows, filtered by status, category and request template.
export const GET = catalogList('approval-workflows', {
  status: statusFilter,
  category_id: idSchema.optional(),
  request_template_id: idSchema.optional(),
});
