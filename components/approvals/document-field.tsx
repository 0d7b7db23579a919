'use client';

import Link from 'next/link';
import type { Route } from 'next';
import { useController, type Control } from 'react-hook-form';
import type { FieldDescriptor } from '@/lib/submission-schema';
import { Field, Select } from '../ui/field';
import { attachmentNote, documentChoices, type DocumentSources } from './document-choices';
import type { RequestFormValues } from './schema-form-model';

/** The attachment note on a line of its own, above the reviewer's ask and the description. */
function hintOf(note: string | undefined, rest: (string | undefined)[]): React.ReactNode {
  const others = rest.filter(Boolean).join(' — ');
  if (!note && !others) return undefined;
  return (
    <>
      {note && <span className="block font-medium text-slate-800">{note}</span>}
      {/* a space, so a screen reader's description does not run the two together */}
      {note && others && ' '}
      {others && <span className="block">{others}</span>}
    </>
  );
}

interface DocumentFieldProps {
  field: FieldDescriptor;
  control: Control<RequestFormValues>;
  sources: DocumentSources;
  error?: string;
  /** what the reviewer asked of this field, shown first */
  reviewer?: string;
  /** the field's own description and bounds, shown last */
  description?: string;
  className?: string;
}

/**
 * A document field. Controlled, so the select always shows the value the form will send: an
 * uncontrolled one showed its placeholder over a request's attached document (an option that
 * arrived after it mounted) while the form went on sending that document.
 */
export function DocumentField({ field, control, sources, error, reviewer, description, className }: DocumentFieldProps) {
  const { field: input } = useController({ control, name: `documents.${field.key}` });
  const value = typeof input.value === 'string' ? input.value : '';
  const choices = documentChoices(field.key, sources);
  // A value from outside every list (a carried-over pick, uploads still loading) is still shown.
  if (value && !choices.some((c) => c.id === value)) choices.push({ id: value, label: `Document ${value}` });
  const noUploads = choices.length === 0 && sources.uploaded?.length === 0;
  const note = attachmentNote(field.key, value, sources.attached);
  const { value: _sent, ...select } = input;
  return (
    <div className={className}>
      <Field label={field.title} required={field.required} error={error} hint={hintOf(note, [reviewer, description])}>
        <Select {...select} value={value}>
          <option value="">
            {noUploads ? 'No uploaded documents yet' : field.required ? 'Choose a document…' : 'No document'}
          </option>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </Select>
      </Field>
      {noUploads && (
        <p className="mt-1 text-xs text-slate-600">
          Upload the file under{' '}
          <Link href={'/documents' as Route} className="font-medium text-brand-700 underline">
            Documents
          </Link>{' '}
          first.
        </p>
      )}
    </div>
  );
}
