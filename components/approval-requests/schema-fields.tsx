'use client';

import { get, useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { boundsOf } from '@/lib/field-bounds';
import type { FieldDescriptor } from '@/lib/submission-schema/fields';
import { Button } from '../ui/button';
import { CheckField, Field, Input, Select, Textarea } from '../ui/field';
import type { DocumentSources } from './document-choices';
import { lazy, Suspense } from 'react';
import { Skeleton } from '../ui/states';
import { FIELD_CONTROLS, numberStep } from './field-controls';
import { sentence, type RequestFormValues } from './schema-form-base';
import { newRow } from './schema-form-values';
import { entryName } from './entry-name';

// A document field brings the document picker and the upload machinery: loaded only by forms
// that have one, so a form of plain fields opens without them (React's lazy: no next/dynamic runtime).
const DocumentField = lazy(() => import('./document-field').then((m) => ({ default: m.DocumentField })));

interface FormWiring {
  register: UseFormRegister<RequestFormValues>;
  /** document fields and lists are controlled */
  control: Control<RequestFormValues>;
  errors: FieldErrors<RequestFormValues>;
}

interface SchemaFieldsProps extends FormWiring {
  fields: FieldDescriptor[];
  /** what document fields offer first: the request's attached and draft documents */
  documents: Pick<DocumentSources, 'attached' | 'saved'>;
  /** the workflow accepts per-document signing: document fields offer signers */
  signing?: boolean;
  /** per field key: what a reviewer asked for, shown with the field */
  requests?: Map<string, string[]>;
}

const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

function hintOf(f: FieldDescriptor): string | undefined {
  const parts = [f.description];
  // The same rules, in the reader's number format, as the catalog's form preview states them.
  const bounds = boundsOf(f);
  if (bounds) parts.push(`${bounds[0]!.toUpperCase()}${bounds.slice(1)}.`);
  if (f.kind === 'date-time') parts.push('In your time zone.');
  return parts.filter(Boolean).join(' ') || undefined;
}

/** The message at a data path; the form is shaped like the data (a list of values adds `.value`). */
function errorAt(errors: FieldErrors<RequestFormValues>, path: string): string | undefined {
  const at = get(errors, path) as { message?: string } | undefined;
  return at?.message ? sentence(at.message) : undefined;
}

/** An object or a list: its fieldset spans the form's width. */
const isGroup = (f: FieldDescriptor) => ['group', 'list'].includes(FIELD_CONTROLS[f.kind].control);

// Free text may run long; a patterned value (a reference, a code) is one line.
const wideText = (f: FieldDescriptor) =>
  FIELD_CONTROLS[f.kind].control === 'text' && f.pattern === undefined && (f.maxLength === undefined || f.maxLength > 200);

/** One control per schema field, labelled by its title, named by its key. */
export function SchemaFields({ fields, documents, signing = false, requests, ...wiring }: SchemaFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((f) => {
        const asked = requests?.get(f.key);
        const reviewer = asked ? `Reviewer: ${asked.join(' ')}` : undefined;
        const whole = isGroup(f) || wideText(f);
        const className = `${whole ? 'sm:col-span-2' : ''} ${asked ? 'rounded-md bg-amber-50 p-2 ring-1 ring-amber-600/30' : ''}`;
        if (FIELD_CONTROLS[f.kind].control === 'document') {
          return (
            <Suspense key={f.key} fallback={<Skeleton className={`h-24 w-full ${className}`} />}>
              <DocumentField
                key={f.key}
                field={f}
                control={wiring.control}
                sources={documents}
                signing={signing}
                errors={{
                  document: errorAt(wiring.errors, `documents.${f.key}`) ?? errorAt(wiring.errors, `form_data.${f.key}`),
                  name: errorAt(wiring.errors, `documentNames.${f.key}`),
                  signers: errorAt(wiring.errors, `signers.${f.key}`),
                }}
                reviewer={reviewer}
                description={hintOf(f)}
                className={className}
              />
            </Suspense>
          );
        }
        return (
          <div key={f.key} className={className}>
            <SchemaField field={f} name={`form_data.${f.key}`} note={reviewer} {...wiring} />
          </div>
        );
      })}
    </div>
  );
}

interface SchemaFieldProps extends FormWiring {
  field: FieldDescriptor;
  /** the form's name of this value, e.g. form_data.items.0.amount */
  name: string;
  /** shown before the field's own hint (a reviewer's ask) */
  note?: string;
  /** a list's row labels its single control by the list */
  label?: string;
  /** a message found elsewhere than at `name` (a list of values' row) */
  error?: string;
}

function SchemaField({ field: f, name, note, label, error: given, ...wiring }: SchemaFieldProps) {
  const { register, errors } = wiring;
  const error = given ?? errorAt(errors, name);
  const hint = [note, hintOf(f)].filter(Boolean).join(' — ') || undefined;
  const title = label ?? f.title;
  const reg = register as unknown as UseFormRegister<Record<string, unknown>>;
  const { control, type } = FIELD_CONTROLS[f.kind];
  if (control === 'group') return <ObjectField field={f} name={name} note={note} label={label} {...wiring} />;
  if (control === 'list') return <ListField field={f} name={name} note={note} {...wiring} />;
  if (control === 'checkbox') {
    return (
      <CheckField id={`field-${name.replaceAll('.', '-')}`} label={title} hint={hint} error={error}>
        <input type="checkbox" className="mt-0.5 size-4 rounded border-slate-400 text-brand-600" {...reg(name)} />
      </CheckField>
    );
  }
  if (control === 'fixed') {
    return (
      <Field label={title} hint={hint ?? 'Set by the form; it cannot be changed.'} error={error}>
        <Input readOnly value={String(f.value)} className="bg-slate-50" />
      </Field>
    );
  }
  let input: React.ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
  if (control === 'select') {
    input = (
      <Select {...reg(name)}>
        <option value="">Choose…</option>
        {f.options?.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </Select>
    );
  } else if (control === 'number') {
    input = (
      <Input
        type="number"
        inputMode={f.kind === 'integer' ? 'numeric' : 'decimal'}
        step={numberStep(f)}
        min={f.min}
        max={f.max}
        {...reg(name, { setValueAs: toNumber })}
      />
    );
  } else if (wideText(f)) {
    input = <Textarea rows={4} {...reg(name)} />;
  } else {
    input = <Input type={type ?? 'text'} step={f.kind === 'date-time' ? 1 : undefined} {...reg(name)} />;
  }
  return (
    <Field label={title} required={f.required} error={error} hint={hint}>
      {input}
    </Field>
  );
}

/** A group's legend (its title names the fieldset), its hint and its own message. */
function GroupHead({ title, required, hint, error }: { title: string; required: boolean; hint?: string; error?: string }) {
  return (
    <>
      <legend className="px-1 text-sm font-semibold text-slate-800">
        {title}
        {required && (
          <span className="text-red-700" aria-hidden>
            {' '}
            *
          </span>
        )}
      </legend>
      {hint && <p className="mb-2 text-xs text-slate-600">{hint}</p>}
      {error && (
        <p role="alert" className="mb-2 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/** A nested object: its fields in a fieldset named by its title. */
function ObjectField({ field: f, name, note, label, ...wiring }: SchemaFieldProps) {
  const error = errorAt(wiring.errors, name);
  const hint = [note, f.description].filter(Boolean).join(' — ');
  return (
    <fieldset className="rounded-md border border-slate-200 p-3" aria-invalid={error ? true : undefined}>
      <GroupHead title={label ?? f.title} required={f.required} hint={hint} error={error} />
      <div className="grid gap-4 sm:grid-cols-2">
        {(f.fields ?? []).map((c) => (
          <div key={c.key} className={isGroup(c) || wideText(c) ? 'sm:col-span-2' : ''}>
            <SchemaField field={c} name={`${name}.${c.key}`} {...wiring} />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** A list: one row per entry, added and removed within minItems and maxItems. */
function ListField({ field: f, name, note, ...wiring }: SchemaFieldProps) {
  const {
    fields: rows,
    append,
    remove,
  } = useFieldArray({ control: wiring.control as unknown as Control<Record<string, unknown[]>>, name });
  const item = f.item!;
  const error =
    errorAt(wiring.errors, name) ?? (get(wiring.errors, name) as { root?: { message?: string } } | undefined)?.root?.message;
  const hint = [note, hintOf(f)].filter(Boolean).join(' — ');
  const full = f.maxItems !== undefined && rows.length >= f.maxItems;
  const atMinimum = f.minItems !== undefined && rows.length <= f.minItems;
  const entry = entryName(f);
  // "Add milestone", but "Add IBAN".
  const noun = /^[A-Z][a-z]/.test(entry) ? entry.charAt(0).toLowerCase() + entry.slice(1) : entry;
  return (
    <fieldset className="rounded-md border border-slate-200 p-3" aria-invalid={error ? true : undefined}>
      <GroupHead title={f.title} required={f.required} hint={hint} error={error ? sentence(error) : undefined} />
      {rows.length === 0 && <p className="mb-2 text-sm text-slate-600">No entries.</p>}
      <ol className="flex flex-col gap-3">
        {rows.map((row, i) => {
          const rowLabel = `${entry} ${i + 1}`;
          return (
            <li key={row.id} className="flex flex-col gap-2 rounded-md bg-slate-50 p-2 sm:flex-row sm:items-start">
              <div className="min-w-0 flex-1">
                {FIELD_CONTROLS[item.kind].control === 'group' ? (
                  <SchemaField field={item} name={`${name}.${i}`} label={rowLabel} {...wiring} />
                ) : (
                  <ValueRowField field={item} name={`${name}.${i}`} label={rowLabel} {...wiring} />
                )}
              </div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => remove(i)}
                disabled={atMinimum}
                title={atMinimum ? `At least ${f.minItems} ${f.minItems === 1 ? 'entry is' : 'entries are'} needed` : undefined}
                aria-label={`Remove ${rowLabel}`}
                className="sm:mt-6"
              >
                Remove
              </Button>
            </li>
          );
        })}
      </ol>
      <Button size="sm" variant="secondary" className="mt-3" onClick={() => append(newRow(f) as never)} disabled={full}>
        Add {noun}
      </Button>
      {full && <span className="ml-2 text-xs text-slate-600">The list is full ({f.maxItems}).</span>}
    </fieldset>
  );
}

/** A row of a list of values: the control holds `.value`, its message sits at the row's data path. */
function ValueRowField({ field, name, label, ...wiring }: SchemaFieldProps) {
  const error = errorAt(wiring.errors, name) ?? errorAt(wiring.errors, `${name}.value`);
  return (
    <SchemaField field={{ ...field, description: undefined }} name={`${name}.value`} label={label} error={error} {...wiring} />
  );
}
