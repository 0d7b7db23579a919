'use client';

import { useId } from 'react';
import { boundsOf } from '@/lib/field-bounds';
import { fieldsOf, type FieldDescriptor, type FieldKind, type SubmissionSchemaDocument } from '@/lib/submission-schema';
import { Field, Input, Select, Textarea } from '../ui/field';
import { Badge } from '../ui/states';

const KIND_LABELS: Record<FieldKind, string> = {
  text: 'Text',
  email: 'E-mail address',
  date: 'Date',
  number: 'Number',
  integer: 'Whole number',
  boolean: 'Yes / no',
  enum: 'Choice',
  document: 'Document (PDF)',
};


type Wiring = { id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string };

/** The control a requester would use; `wiring` is what Field adds (id and aria) so the label names it. */
function Control({ field, ...wiring }: { field: FieldDescriptor } & Wiring) {
  switch (field.kind) {
    case 'enum':
      return (
        <Select {...wiring} defaultValue="">
          <option value="">Choose…</option>
          {field.options?.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </Select>
      );
    case 'document':
      return <Input {...wiring} type="file" accept="application/pdf" />;
    case 'date':
      return <Input {...wiring} type="date" />;
    case 'email':
      return <Input {...wiring} type="email" />;
    case 'number':
    case 'integer':
      return <Input {...wiring} type="number" step={field.kind === 'integer' ? 1 : 'any'} min={field.min} max={field.max} />;
    default:
      return (field.maxLength ?? 0) > 200 ? <Textarea {...wiring} rows={3} /> : <Input {...wiring} type="text" />;
  }
}

function Checkbox({ field }: { field: FieldDescriptor }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input id={id} type="checkbox" className="mt-0.5 size-4 rounded border-slate-300" />
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {field.title}
        {field.required && <span className="text-red-700"> *</span>}
      </label>
    </div>
  );
}

function FieldFacts({ field }: { field: FieldDescriptor }) {
  const bounds = boundsOf(field);
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-700" data-testid={`facts-${field.key}`}>
      <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-slate-800">{field.key}</code>
      <span>{KIND_LABELS[field.kind]}</span>
      {field.required ? <Badge tone="amber">required</Badge> : <Badge>optional</Badge>}
      {bounds && <span>· {bounds}</span>}
      {field.options && <span>· options: {field.options.join(', ')}</span>}
    </p>
  );
}

/** The release's form as a requester will see it, read-only, with each field's key, type and rules. */
export function SchemaFormPreview({ schema, title }: { schema: SubmissionSchemaDocument; title: string }) {
  const fields = fieldsOf(schema);
  if (fields.length === 0) return <p className="text-sm text-slate-700">This release asks the requester for no fields.</p>;
  return (
    <form aria-label={title} onSubmit={(e) => e.preventDefault()}>
      <fieldset disabled className="flex flex-col gap-3">
        <legend className="sr-only">{title}</legend>
        {fields.map((field) => (
          <div key={field.key} className="rounded-md border border-slate-200 bg-white p-3">
            {field.kind === 'boolean' ? (
              <Checkbox field={field} />
            ) : (
              <Field label={field.title} required={field.required} hint={field.description}>
                <Control field={field} />
              </Field>
            )}
            <FieldFacts field={field} />
          </div>
        ))}
      </fieldset>
    </form>
  );
}
