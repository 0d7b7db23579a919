import { z } from 'zod';
import { parseWith } from './validate.ts';
import type { Records, Kind, ListQuery } from '../store/records.ts';

export const LIST_PARAMS = ['page', 'size', 'q'] as const;

// The spec bounds a page from below only: any whole number a JSON number holds exactly (16
// digits at most) is a page, one past the last answering an empty list, as the console expects.
const intParam = (min: number) =>
  z
    .string()
    .regex(/^\d{1,16}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int('must be a whole number').min(min, `must be at least ${min}`));

export const listQuerySchema = z.object({
  page: intParam(1).default(1),
  size: z.enum(['25', '50', '100'], { message: 'must be 25, 50 or 100' }).transform(Number).default(25),
  q: z.string().max(100, 'must be at most 100 characters').optional(),
});

/** Query string -> typed object; repeated parameters are refused rather than guessed at. */
export function parseQuery<S extends z.ZodObject>(query: URLSearchParams, schema: S): z.output<S> {
  const flat: Record<string, string> = {};
  for (const [name, value] of query) {
    if (name in flat) {
      parseWith(z.never(), undefined, `query parameter "${name}" (given more than once)`);
    }
    flat[name] = value;
  }
  return parseWith(schema, flat, 'query');
}

export interface Page<T> {
  data: T[];
  pagination: { page: number; size: number; total: number; pages: number };
}

export function paginate<T, U = T>(
  records: Records,
  kind: Kind,
  query: ListQuery,
  view: (item: T) => U = (item) => item as unknown as U,
): Page<U> {
  const { data, total } = records.list<T>(kind, query);
  return {
    data: data.map(view),
    pagination: { page: query.page, size: query.size, total, pages: Math.ceil(total / query.size) },
  };
}
