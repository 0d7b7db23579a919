import { cloneElement, isValidElement, useId } from 'react';

type Control = React.ReactElement<{
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}>;

interface FieldProps {
  label: string;
  /** the message shown under the control; marks it aria-invalid */
  error?: string;
  hint?: React.ReactNode;
  required?: boolean;
  children: Control;
  className?: string;
}

/** The ids a control's hint and error take, and the control given its id and those descriptions. */
function useWired(children: Control, hint: React.ReactNode, error: string | undefined, required?: boolean, given?: string) {
  const made = useId();
  const id = given ?? made;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })
    : children;
  const notes = (
    <>
      {hint && !error && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  );
  return { id, control, notes };
}

/** Label, control, hint and error wired together for screen readers. */
export function Field({ label, error, hint, required, children, className = '' }: FieldProps) {
  const { id, control, notes } = useWired(children, hint, error, required);
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {/* The star is for the eye; assistive technology hears aria-required instead. */}
        {required && (
          <span className="text-red-700" aria-hidden>
            {' '}
            *
          </span>
        )}
      </label>
      {control}
      {notes}
    </div>
  );
}

interface CheckFieldProps {
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  /** the checkbox (its look and its form wiring are the caller's) */
  children: Control;
  /** the box's id, where the form names it; else one is made */
  id?: string;
  className?: string;
}

/** A checkbox with its label beside it, wired like Field: the label names it, hint and error describe it. */
export function CheckField({ label, error, hint, children, id: given, className = '' }: CheckFieldProps) {
  const { id, control, notes } = useWired(children, hint, error, false, given);
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <div className="flex items-start gap-2">
        {control}
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
      </div>
      {notes}
    </div>
  );
}

const CONTROL =
  'block w-full rounded-md border-0 px-2.5 py-1.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-inset focus:ring-brand-600 aria-[invalid=true]:ring-red-600 disabled:bg-slate-100';

export function Input(props: React.InputHTMLAttributes<HTMLInputElement>) {
  return <input {...props} className={`${CONTROL} ${props.className ?? ''}`} />;
}

export function Textarea(props: React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea rows={3} {...props} className={`${CONTROL} ${props.className ?? ''}`} />;
}

export function Select(props: React.SelectHTMLAttributes<HTMLSelectElement>) {
  return <select {...props} className={`${CONTROL} pr-8 ${props.className ?? ''}`} />;
}

// The labelled controls most forms and search bars want, each a Field around its control.

interface SearchFieldProps extends Omit<React.ComponentProps<'input'>, 'type' | 'className'> {
  label: string;
  hint?: React.ReactNode;
  /** e.g. the text is too long to search with */
  error?: string;
  /** the field's place in its row (its width) */
  className?: string;
}

/** A labelled search box. */
export function SearchField({ label, hint, error, className, ...input }: SearchFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      <Input type="search" {...input} />
    </Field>
  );
}

interface SelectFieldProps extends Omit<React.ComponentProps<'select'>, 'className' | 'children'> {
  label: string;
  options: readonly { value: string; label: string }[];
  /** the words of a first option with the empty value: no filter, or nothing chosen yet */
  blank?: string;
  hint?: React.ReactNode;
  error?: string;
  /** the field's place in its row (its width) */
  className?: string;
}

/** A labelled menu of options, controlled or registered with a form like Select. */
export function SelectField({ label, options, blank, hint, error, className, ...select }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      <Select {...select}>
        {blank !== undefined && <option value="">{blank}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
