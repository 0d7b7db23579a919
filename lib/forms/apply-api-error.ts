import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ConsoleApiError, type ErrorDetail } from '@/lib/api-error';
import { outcomeOf, type Outcome } from '@/lib/intents/intent-key';

// The one place a failed write becomes what the form shows (DESIGN.md sections 6 and 8):
// the API's 422 details on the fields they name, the first one focused; the rest, or any
// other refusal, above the buttons; and a failure without a definite answer said to be not
// known yet, since the write may have been done.

export const sentence = (message: string) => (message ? message[0]!.toUpperCase() + message.slice(1) : message);

const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : 'No answer came back.');

/** The default for an unknown outcome: it never says that nothing was done. */
export const notKnownYet = (err: unknown) =>
  `${messageOf(err)} Whether it was done is not known yet: try again to find out; it will not be done twice.`;

export interface ApiErrorPlacement<P extends string> {
  /** refusals whose code belongs on one field (EMAIL_TAKEN on the e-mail), with its text; the API's message unless told */
  codes?: Partial<Record<string, { field: P; message?(err: ConsoleApiError): string }>>;
  /** the form's field an API detail names, or undefined when it names none of them */
  fieldOf?(detail: ErrorDetail): P | undefined;
  /** a field's text from its detail; the API's first letter capitalised unless told */
  fieldMessage?(detail: ErrorDetail): string;
  /** the text above the buttons after a definite refusal; `other` lists the details no field took */
  refused?(err: ConsoleApiError, other: string[]): string;
  /** the text above the buttons while the outcome is not known */
  unknown?(err: unknown): string;
  /** show the refusal above the buttons even when every detail found its field */
  alwaysRoot?: boolean;
  /** `ignore`: details naming no field are dropped once another found its field (older forms' choice) */
  otherDetails?: 'root' | 'ignore';
  /** focus the first field with an error (default true) */
  focus?: boolean;
  /** react-hook-form's root entry the form shows (default `root.server`) */
  root?: 'root' | `root.${string}`;
}

export interface ErrorTarget<F extends FieldValues> {
  setError: UseFormSetError<F>;
}

const defaultRefused = (err: ConsoleApiError, other: string[]) =>
  other.length > 0 ? `${err.message} ${other.join('; ')}` : err.message;

/** Shows `err` on `form` as placed by `placement`; answers what is known of the write's effect. */
export function applyApiError<F extends FieldValues>(
  form: ErrorTarget<F>,
  err: unknown,
  placement: ApiErrorPlacement<FieldPath<F>> = {},
): Exclude<Outcome, 'done'> {
  const root = placement.root ?? 'root.server';
  const outcome = outcomeOf(err);
  if (outcome === 'unknown' || !(err instanceof ConsoleApiError)) {
    form.setError(root, { type: 'unknown', message: (placement.unknown ?? notKnownYet)(err) });
    return 'unknown';
  }
  const byCode = placement.codes?.[err.code];
  if (byCode) {
    form.setError(byCode.field, { type: err.code, message: byCode.message ? byCode.message(err) : err.message }, { shouldFocus: placement.focus !== false });
    return 'refused';
  }
  const other: string[] = [];
  let placed = 0;
  for (const detail of err.details) {
    const field = placement.fieldOf?.(detail);
    if (!field) {
      other.push(detail.path ? `${detail.path}: ${detail.message}` : detail.message);
      continue;
    }
    const message = placement.fieldMessage ? placement.fieldMessage(detail) : sentence(detail.message);
    form.setError(field, { type: 'server', message }, { shouldFocus: placement.focus !== false && placed === 0 });
    placed += 1;
  }
  if (placed === 0 || (other.length > 0 && placement.otherDetails !== 'ignore') || placement.alwaysRoot) {
    form.setError(root, { type: err.code, message: (placement.refused ?? defaultRefused)(err, other) });
  }
  return 'refused';
}
