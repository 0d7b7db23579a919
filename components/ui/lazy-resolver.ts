import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

type Focusable = { focus?: () => void; matches?: (selector: string) => boolean };

const errorAt = (errors: FieldErrors, name: string): unknown =>
  name
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      errors,
    );

/** Field options in registration order, nested names (a.b, list.0.c) included. */
function* leaves(node: unknown): Generator<{ name: string; ref: Focusable }> {
  if (!node || typeof node !== 'object') return;
  const field = node as { name?: unknown; ref?: Focusable };
  if (typeof field.name === 'string' && field.ref) {
    yield { name: field.name, ref: field.ref };
    return;
  }
  for (const child of Object.values(node)) yield* leaves(child);
}

/**
 * The first field with an error, focused once the form has re-enabled it. react-hook-form
 * focuses it itself, but while the first validation waited for this chunk the form re-rendered
 * as submitting, its fieldset disabled: the focus call met a disabled field and went nowhere.
 */
function focusFirstError(fields: unknown, errors: FieldErrors) {
  let first: Focusable | undefined;
  for (const leaf of leaves(fields)) {
    if (leaf.ref.focus && errorAt(errors, leaf.name)) {
      first = leaf.ref;
      break;
    }
  }
  if (!first?.focus || typeof window === 'undefined') return;
  const target = first;
  let frames = 0;
  const attempt = () => {
    if (target.matches?.(':disabled') && ++frames < 60) return void requestAnimationFrame(attempt);
    // Focus was left on the submit button, the page, or a dialog that caught it as the button
    // was disabled; a field the user has moved to meanwhile keeps it.
    const now = document.activeElement;
    if (!now?.matches('input, textarea, select, [contenteditable="true"]')) target.focus?.();
  };
  requestAnimationFrame(attempt);
}

/**
 * A form resolver whose code (zod, a schema, @hookform/resolvers) loads at the first
 * validation instead of with the page: zod stays at the boundary, out of the first load.
 * Forms validate on submit first, so the wait is one small chunk, once; a failed load is
 * tried again at the next validation.
 */
export function lazyResolver<I extends FieldValues, C, O>(load: () => Promise<Resolver<I, C, O>>): Resolver<I, C, O> {
  let ready: Promise<Resolver<I, C, O>> | null = null;
  let loaded = false;
  return async (values, context, options) => {
    const waited = !loaded;
    ready ??= load().catch((err: unknown) => {
      ready = null;
      throw err;
    });
    const resolve = await ready;
    loaded = true;
    const result = await resolve(values, context, options);
    if (waited && Object.keys(result.errors).length > 0) focusFirstError(options.fields, result.errors);
    return result;
  };
}
