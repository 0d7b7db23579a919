import { zodResolver } from '@hookform/resolvers/zod';
import { createCategorySchema } from '@/lib/catalog/schemas';

// The catalog dialogs' checks, imported lazily (lazyResolver) so that zod and the schemas load
// at a dialog's first validation, not with the pages that offer the dialogs.
export const createCategoryResolver = zodResolver(createCategorySchema);
