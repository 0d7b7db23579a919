'use client';

import Link from 'next/link';
import type { Route } from 'next';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { DocumentItem } from '@/lib/schemas/documents';
import type { FieldDescriptor } from '@/lib/submission-schema';
import { Field, Input, Select, Textarea } from '../ui/field';
import { sentence, type RequestFormValues } from './schema-form-model';

interface SchemaFieldsProps {
  fields: FieldDescriptor[];
  register: UseFormRegister<RequestFormValues>;
  errors: FieldErrors<RequestFormValues>;
  documents: DocumentItem[] | undefined;
  /** per field key: what a reviewer asked for, shown with the field */
  requests?: Map<string, string[]>;
}

const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

function hintOf(f: FieldDescriptor): string | undefined {
  const parts = [f.description];
  if (f.minLength !== undefined && f.maxLength !== undefined) parts.push(`${f.minLength} to ${f.maxLength} characters.`);
  else if (f.maxLength !== undefined) parts.push(`At most ${f.maxLength} characters.`);
  if (f.min !== undefined && f.max !== undefined) parts.push(`From ${f.min} to ${f.max}.`);
  return parts.filter(Boolean).join(' ') || undefined;
}

/** One control per schema field, labelled by its title, named by its key. */
export function SchemaFields({ fields, register, errors, documents, requests }: SchemaFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((f) => {
        const asked = requests?.get(f.key);
        const raw = f.kind === 'document' ? errors.documents?.[f.key]?.message : (errors.form_data?.[f.key] as { message?: string } | undefined)?.message;
        const error = raw ? sentence(raw) : undefined;
        const hint = [asked ? `Reviewer: ${asked.join(' ')}` : null, hintOf(f)].filter(Boolean).join(' — ') || undefined;
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
        let control: React.ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
        if (f.kind === 'document') {
          control = (
            <Select {...register(`documents.${f.key}`)}>
              <option value="">{documents?.length ? 'Choose a document…' : 'No uploaded documents yet'}</option>
              {documents?.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name} ({d.id})
                </option>
              ))}
            </Select>
          );
        } else if (f.kind === 'enum') {
          control = (
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
          control = <Input type="number" step={f.kind === 'integer' ? 1 : 'any'} min={f.min} max={f.max} {...register(`form_data.${f.key}`, { setValueAs: toNumber })} />;
        } else if (wide) {
          control = <Textarea rows={4} {...register(`form_data.${f.key}`)} />;
        } else {
          control = <Input type={f.kind === 'date' ? 'date' : f.kind === 'email' ? 'email' : 'text'} {...register(`form_data.${f.key}`)} />;
        }
        return (
          <div key={f.key} className={className}>
            <Field label={f.title} required={f.required} error={error} hint={hint}>
              {control}
            </Field>
            {f.kind === 'document' && documents?.length === 0 && (
              <p className="mt-1 text-xs text-slate-600">
                Upload the file under{' '}
                <Link href={"/documents" as Route} className="font-medium text-brand-700 underline">
                  Documents
                </Link>{' '}
                first.
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
