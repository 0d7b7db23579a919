'use client';

import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { boundsOf } from '@/lib/field-bounds';
import type { FieldDescriptor } from '@/lib/submission-schema';
import { Field, Input, Select, Textarea } from '../ui/field';
import type { DocumentSources } from './document-choices';
import { DocumentField } from './document-field';
import { sentence, type RequestFormValues } from './schema-form-model';

interface SchemaFieldsProps {
  fields: FieldDescriptor[];
  register: UseFormRegister<RequestFormValues>;
  /** document fields are controlled: they show exactly the document the form sends */
  control: Control<RequestFormValues>;
  errors: FieldErrors<RequestFormValues>;
  /** what document fields can hold: the request's attached and draft documents, the uploads */
  documents: DocumentSources;
  /** per field key: what a reviewer asked for, shown with the field */
  requests?: Map<string, string[]>;
}

const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

function hintOf(f: FieldDescriptor): string | undefined {
  const parts = [f.description];
  // The same bounds, in the reader's number format, as the catalog's form preview states them.
  const bounds = boundsOf(f);
  if (bounds) parts.push(`${bounds[0]!.toUpperCase()}${bounds.slice(1)}.`);
  return parts.filter(Boolean).join(' ') || undefined;
}

/** One control per schema field, labelled by its title, named by its key. */
export function SchemaFields({ fields, register, control, errors, documents, requests }: SchemaFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((f) => {
        const asked = requests?.get(f.key);
        const raw = f.kind === 'document' ? errors.documents?.[f.key]?.message : (errors.form_data?.[f.key] as { message?: string } | undefined)?.message;
        const error = raw ? sentence(raw) : undefined;
        const reviewer = asked ? `Reviewer: ${asked.join(' ')}` : undefined;
        const hint = [reviewer, hintOf(f)].filter(Boolean).join(' — ') || undefined;
        const wide = f.kind === 'text' && (f.maxLength === undefined || f.maxLength > 200);
        const className = `${wide ? 'sm:col-span-2' : ''} ${asked ? 'rounded-md bg-amber-50 p-2 ring-1 ring-amber-600/30' : ''}`;
        if (f.kind === 'boolean') {
          return (
            <div key={f.key} className={`flex items-center gap-2 ${className}`}>
              <input id={`field-${f.key}`} type="checkbox" className="size-4 rounded border-slate-400 text-brand-600" {...register(`form_data.${f.key}`)} />
              <label htmlFor={`field-${f.key}`} className="text-sm font-medium text-slate-800">
                {f.title}
              </label>
              {hint && <span className="text-xs text-slate-600">{hint}</span>}
            </div>
          );
        }
        if (f.kind === 'document') {
          return (
            <DocumentField
              key={f.key}
              field={f}
              control={control}
              sources={documents}
              error={error}
              reviewer={reviewer}
              description={hintOf(f)}
              className={className}
            />
          );
        }
        let input: React.ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
        if (f.kind === 'enum') {
          input = (
            <Select {...register(`form_data.${f.key}`, { setValueAs: (v: string) => v || undefined })}>
              <option value="">Choose…</option>
              {f.options?.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </Select>
          );
        } else if (f.kind === 'number' || f.kind === 'integer') {
          input = <Input type="number" step={f.kind === 'integer' ? 1 : 'any'} min={f.min} max={f.max} {...register(`form_data.${f.key}`, { setValueAs: toNumber })} />;
        } else if (wide) {
          input = <Textarea rows={4} {...register(`form_data.${f.key}`)} />;
        } else {
          input = <Input type={f.kind === 'date' ? 'date' : f.kind === 'email' ? 'email' : 'text'} {...register(`form_data.${f.key}`)} />;
        }
        return (
          <div key={f.key} className={className}>
            <Field label={f.title} required={f.required} error={error} hint={hint}>
              {input}
            </Field>
          </div>
        );
      })}
    </div>
  );
}
