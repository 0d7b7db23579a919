import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ConsoleApiError } from '@/lib/api-error';

interface Options<T extends FieldValues> {
  /** the form's fields: details whose path starts with one of them land on it */
  fields: readonly Path<T>[];
  /** error codes whose message belongs on a field (e.g. EMAIL_TAKEN on email) */
  codeFields?: Record<string, Path<T>>;
  /** array fields whose items have their own controls: `requirements.0.message` stays that precise */
  nested?: readonly Path<T>[];
}

/**
 * Puts a failed call's answer where the user will look: a known code or a validation
 * detail on its field, anything else in the form's root alert. Values stay as typed.
 * Returns the message for the toast.
 */
export function showApiError<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>, err: unknown, { fields, codeFields = {}, nested = [] }: Options<T>): string {
  if (!(err instanceof ConsoleApiError)) {
    const message = 'The request failed. Try again.';
    form.setError('root', { message });
    return message;
  }
  const field = codeFields[err.code];
  if (field) {
    form.setError(field, { message: err.message }, { shouldFocus: true });
    return err.message;
  }
  let placed = 0;
  for (const detail of err.details) {
    const target = fields.find((f) => detail.path === f || detail.path.startsWith(`${f}.`));
    if (!target) continue;
    const path = nested.includes(target) ? (detail.path as Path<T>) : target;
    form.setError(path, { message: detail.message }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  if (placed === 0) form.setError('root', { message: err.message });
  return err.message;
}
