'use client';

import { useId, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import type { FieldDescriptor } from '@/lib/submission-schema/fields';
import { Button } from '../ui/button';
import { Field, Input, Textarea } from '../ui/field';
import { attachmentNote, type DocumentSources } from './document-choices';
import { DocumentPicker } from './document-picker';
import { DocumentUpload } from './document-upload';
import { offeredOptions } from './picker-options';
import type { RequestFormValues } from './schema-form-base';

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
  /** the request's attached and draft documents, offered first */
  sources: Pick<DocumentSources, 'attached' | 'saved'>;
  /** messages at the document, its name and its signers */
  errors: { document?: string; name?: string; signers?: string };
  /** the workflow accepts per-document signing: signers are offered */
  signing: boolean;
  /** what the reviewer asked of this field, shown first */
  reviewer?: string;
  /** the field's own description and bounds, shown last */
  description?: string;
  className?: string;
}

/**
 * A document field: a search over every document of the app (the request's own first), an
 * inline upload, the name the document is sent under and, where the workflow accepts them,
 * its signers. Controlled, so the field always shows what the form will send.
 */
export function DocumentField({
  field,
  control,
  sources,
  errors,
  signing,
  reviewer,
  description,
  className,
}: DocumentFieldProps) {
  const id = useId();
  const { field: input } = useController({ control, name: `documents.${field.key}` });
  const { field: name } = useController({ control, name: `documentNames.${field.key}` });
  const { field: signers } = useController({ control, name: `signers.${field.key}` });
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const value = typeof input.value === 'string' ? input.value : '';
  const offered = offeredOptions(field.key, sources);
  const chosenLabel = !value
    ? ''
    : (offered.find((o) => o.id === value)?.label ??
      `${picked?.id === value ? picked.name : name.value || 'Document'} (${value})`);
  const pick = (doc: { id: string; name: string }) => {
    setPicked(doc);
    input.onChange(doc.id);
    // The name defaults to the document's own each time another document is chosen.
    name.onChange(doc.name);
  };
  const note = attachmentNote(field.key, value, sources.attached);
  const hint = hintOf(note, [reviewer, description]);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.document ? `${id}-error` : undefined;
  return (
    <div className={`flex flex-col gap-3 ${className ?? ''}`}>
      <DocumentPicker
        id={id}
        label={
          <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
            {field.title}
            {field.required && (
              <span className="text-red-700" aria-hidden>
                {' '}
                *
              </span>
            )}
          </label>
        }
        value={value}
        chosenLabel={chosenLabel}
        offered={offered}
        onPick={pick}
        required={field.required}
        invalid={Boolean(errors.document)}
        describedBy={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      >
        {hint && !errors.document && (
          <p id={hintId} className="mt-1 text-xs text-slate-600">
            {hint}
          </p>
        )}
        {errors.document && (
          <p id={errorId} role="alert" className="mt-1 text-xs font-medium text-red-700">
            {errors.document}
          </p>
        )}
      </DocumentPicker>
      <DocumentUpload title={field.title} onUploaded={pick}>
        {value && (
          <Button size="sm" variant="ghost" onClick={() => input.onChange('')} aria-label={`Clear ${field.title}`}>
            Clear
          </Button>
        )}
      </DocumentUpload>
      {/* What is sent with the chosen document, set off as part of it. */}
      {value && (
        <div className="flex flex-col gap-3 border-l-2 border-slate-200 pl-3">
          <Field
            label={`${field.title}: name in the request`}
            error={errors.name}
            hint="The name reviewers see; the document’s own name by default."
          >
            <Input {...name} value={typeof name.value === 'string' ? name.value : ''} maxLength={400} />
          </Field>
          {signing && (
            <Field
              label={`${field.title}: signers’ actor IDs`}
              error={errors.signers}
              hint="Optional: who signs this document in the approval, by their internal Actor ID (the person’s ID in the Signing service’s directory; ask its administrator if you do not know it). One per line or separated by commas, at most 50. Left empty, none are sent."
            >
              <Textarea {...signers} value={typeof signers.value === 'string' ? signers.value : ''} rows={2} spellCheck={false} />
            </Field>
          )}
        </div>
      )}
    </div>
  );
}
