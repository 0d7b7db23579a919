import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose code (zod, a schema, @hookform/resolvers) loads at the first
 * validation instead of with the page: zod stays at the boundary, out of the first load.
 * Forms validate on submit first, so the wait is one small chunk, once; a failed load is
 * tried again at the next validation.
 */
export function lazyResolver<I extends FieldValues, C, O>(load: () => Promise<Resolver<I, C, O>>): Resolver<I, C, O> {
  let ready: Promise<Resolver<I, C, O>> | null = null;
  return (values, context, options) => {
    ready ??= load().catch((err: unknown) => {
      ready = null;
      throw err;
    });
    return ready.then((resolve) => resolve(values, context, options));
  };
}
