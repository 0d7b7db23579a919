import { z } from 'zod';
import { plainText } from '../plain-text.ts';
import { ID_PATTERN, ONLY_DOTS } from './ids.ts';

// List queries as the URL holds them (DESIGN.md section 7): page, size, q and filters.
export const PAGE_SIZES = [25, 50, 100] as const;

export const listQuerySchema = z.object({
  page: z.coerce.number({ message: 'page must be a number' }).int().min(1, 'page must be at least 1').default(1),
  size: z.coerce
    .number()
    .refine((n): n is 25 | 50 | 100 => (PAGE_SIZES as readonly number[]).includes(n), 'size must be 25, 50 or 100')
    .default(25),
  q: plainText(z.string().trim().max(100, 'search is limited to 100 characters'))
    .optional()
    .transform((q) => q || undefined),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const statusFilter = z.enum(['active', 'archived']).optional();

export const paginationSchema = z.looseObject({
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

const pages = new WeakMap<z.ZodType, z.ZodType>();
const buildPage = <T extends z.ZodType>(item: T) => z.looseObject({ data: z.array(item), pagination: paginationSchema });

/**
 * A list answer of the Signing API, items parsed by `item` (unknown fields kept). Built once
 * per item schema: zod compiles a schema on its first parse, so a fresh one per call costs
 * that compilation on every request (about 30 times the parse itself).
 */
export function pageOf<T extends z.ZodType>(item: T): ReturnType<typeof buildPage<T>> {
  let page = pages.get(item);
  if (!page) pages.set(item, (page = buildPage(item)));
  return page as ReturnType<typeof buildPage<T>>;
}
export interface Page<T> {
  data: T[];
  pagination: Pagination;
  /** a console-filtered list (a date range): how many of the API's records it read, and whether that was all of them */
  scan?: ListScan;
}
export interface ListScan {
  scanned: number;
  complete: boolean;
}

/**
 * Identifiers in console paths: workspace-scoped strings, never paths of their own. No `/`,
 * `\`, `%` (so no encoded form of anything) or control character, and never only dots: `.` and
 * `..` stay dot segments through encodeURIComponent, and URL resolution would turn
 * `/documents/..` into another route of the API.
 */
export const idSchema = z
  .string()
  .regex(ID_PATTERN, 'not a valid identifier')
  .refine((id) => !ONLY_DOTS.test(id), 'not a valid identifier');
