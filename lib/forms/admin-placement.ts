import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ConsoleApiError } from '@/lib/api-error';
import { applyApiError, type ApiErrorPlacement } from './apply-api-error';

interface Fields<T extends FieldValues> {
  /** the form's fields: details whose path starts with one of them land on it */
  fields: readonly Path<T>[];
  /** array fields whose items have their own controls: `requirements.0.message` stays that precise */
  nested?: readonly Path<T>[];
}

interface Options<T extends FieldValues> extends Fields<T> {
  /** error codes whose message belongs on a field (e.g. EMAIL_TAKEN on email) */
  codeFields?: Partial<Record<string, Path<T>>>;
}

/** The text of a failed admin write, for its toast. */
export const failedMessage = (err: unknown) => (err instanceof ConsoleApiError ? err.message : 'The request failed. Try again.');

/**
 * Where an admin form shows a failed call's answer, for applyApiError (or a keyed mutation's
 * `form` binding): a validation detail on its field, anything else in the form's root alert,
 * in the API's own words. Values stay as typed.
 */
export function adminErrorPlacement<T extends FieldValues>({ fields, nested = [] }: Fields<T>): ApiErrorPlacement<Path<T>> {
  return {
    root: 'root',
    fieldOf: (detail) => {
      const target = fields.find((f) => detail.path === f || detail.path.startsWith(`${f}.`));
      return target && nested.includes(target) ? (detail.path as Path<T>) : target;
    },
    fieldMessage: (detail) => detail.message,
    otherDetails: 'ignore',
    refused: (e) => e.message,
    unknown: failedMessage,
  };
}

/**
 * Puts a failed call's answer where the user will look: a known code on its field, the rest
 * as adminErrorPlacement has it. Returns the message for the toast.
 */
export function showApiError<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>, err: unknown, { codeFields = {}, ...fields }: Options<T>): string {
  const codes = Object.fromEntries(Object.entries(codeFields).map(([code, field]) => [code, { field: field! }]));
  applyApiError<T>(form, err, { ...adminErrorPlacement(fields), codes });
  return failedMessage(err);
}
