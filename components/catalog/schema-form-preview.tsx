'use client';

import { useId } from 'react';
import { boundsOf } from '@/lib/field-bounds';
import { readSubmissionSchema, type FieldDescriptor } from '@/lib/submission-schema/fields';
import { FIELD_CONTROLS, numberStep } from '../approval-requests/field-controls';
import { UnsupportedSchema } from '../approval-requests/unsupported-schema';
import { Field, Input, Select, Textarea } from '../ui/field';
import { Badge } from '../ui/states';

type Wiring = { id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string };

/** The control a requester would use; `wiring` is what Field adds (id and aria) so the label names it. */
function Control({ field, ...wiring }: { field: FieldDescriptor } & Wiring) {
  const { control, type } = FIELD_CONTROLS[field.kind];
  switch (control) {
    case 'select':
      return (
        <Select {...wiring} defaultValue={String(field.options?.findIndex((o) => o.value === field.default) ?? -1)}>
          <option value="-1">Choose…</option>
          {field.options?.map((o, i) => (
            <option key={i} value={String(i)}>
              {o.label}
            </option>
          ))}
        </Select>
      );
    case 'fixed':
      return <Input {...wiring} readOnly value={String(field.value)} />;
    case 'document':
      return <Input {...wiring} type="file" accept="application/pdf" />;
    case 'input': {
      // Of these, only a web address shows its default.
      const initial = field.kind === 'uri' && typeof field.default === 'string' ? field.default : undefined;
      return <Input {...wiring} type={type} defaultValue={initial} />;
    }
    case 'number':
      return (
        <Input
          {...wiring}
          type="number"
          step={numberStep(field)}
          min={field.min}
          max={field.max}
          defaultValue={typeof field.default === 'number' ? field.default : undefined}
        />
      );
    default: {
      const initial = typeof field.default === 'string' ? field.default : undefined;
      return (field.maxLength ?? 0) > 200 ? (
        <Textarea {...wiring} rows={3} defaultValue={initial} />
      ) : (
        <Input {...wiring} type="text" defaultValue={initial} />
      );
    }
  }
}

function Checkbox({ field }: { field: FieldDescriptor }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input id={id} type="checkbox" defaultChecked={field.default === true} className="mt-0.5 size-4 rounded border-slate-300" />
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
    <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-700" data-testid={`facts-${field.path}`}>
      <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-slate-800">{field.key}</code>
      <span>
        {FIELD_CONTROLS[field.kind].label}
        {field.kind === 'array' && field.item ? ` of ${FIELD_CONTROLS[field.item.kind].label.toLowerCase()}` : ''}
      </span>
      {field.required ? <Badge tone="amber">required</Badge> : <Badge>optional</Badge>}
      {bounds && <span>· {bounds}</span>}
      {field.options && (
        <span>
          · options: {field.options.map((o) => (o.label === String(o.value) ? o.label : `${o.label} (${o.value})`)).join(', ')}
        </span>
      )}
      {field.default !== undefined && <span>· default: {JSON.stringify(field.default)}</span>}
    </p>
  );
}

function PreviewField({ field }: { field: FieldDescriptor }) {
  const { control } = FIELD_CONTROLS[field.kind];
  if (control === 'group' || control === 'list') {
    const inner =
      field.kind === 'object' ? (field.fields ?? []) : field.item?.kind === 'object' ? (field.item.fields ?? []) : [field.item!];
    return (
      <fieldset className="rounded-md border border-slate-200 bg-white p-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">
          {field.title}
          {field.kind === 'array' && <span className="font-normal text-slate-600"> (one row per entry)</span>}
        </legend>
        {field.description && <p className="mb-2 text-xs text-slate-600">{field.description}</p>}
        <div className="flex flex-col gap-3">
          {inner.map((c) => (
            <PreviewField key={c.path} field={c} />
          ))}
        </div>
        <FieldFacts field={field} />
      </fieldset>
    );
  }
  return (
    <div className="rounded-md border border-slate-200 bg-white p-3">
      {control === 'checkbox' ? (
        <Checkbox field={field} />
      ) : (
        <Field label={field.title} required={field.required} hint={field.description}>
          <Control field={field} />
        </Field>
      )}
      <FieldFacts field={field} />
    </div>
  );
}

/**
 * The release's form as a requester will see it, read-only, with each field's key, type and
 * rules; constructs no form here can carry are named above it.
 */
export function SchemaFormPreview({ schema, title, releaseId }: { schema: unknown; title: string; releaseId: string }) {
  const { fields, unsupported } = readSubmissionSchema(schema);
  return (
    <div className="flex flex-col gap-3">
      {unsupported.length > 0 && (
        <UnsupportedSchema
          unsupported={unsupported}
          schema={schema}
          releaseId={releaseId}
          consequence="Requests on this release cannot be made from the console; the fields below are the ones it can read."
        />
      )}
      {fields.length === 0 ? (
        <p className="text-sm text-slate-700">This release asks the requester for no fields.</p>
      ) : (
        <form aria-label={title} onSubmit={(e) => e.preventDefault()}>
          <fieldset disabled className="flex flex-col gap-3">
            <legend className="sr-only">{title}</legend>
            {fields.map((field) => (
              <PreviewField key={field.path} field={field} />
            ))}
          </fieldset>
        </form>
      )}
    </div>
  );
}
