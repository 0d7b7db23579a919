import type { HTMLInputTypeAttribute } from 'react';
import type { FieldDescriptor, FieldKind } from '@/lib/submission-schema/fields';

// Types only from lib/submission-schema: this table is on the first load of the request form
// and of the catalog's workflow page, where the validator and zod must not be.

type ControlKind =
  /** a one-line input, or a text area where the text may run long */
  | 'text'
  /** an input of the entry's `type` */
  | 'input'
  | 'number'
  | 'checkbox'
  | 'select'
  /** the schema's value, read-only */
  | 'fixed'
  | 'document'
  /** the fields of an object, in a fieldset */
  | 'group'
  /** one row per entry */
  | 'list';

export interface FieldControl {
  control: ControlKind;
  /** the input's type, for `input` controls */
  type?: HTMLInputTypeAttribute;
  /** the kind in words, as the catalog's preview names it */
  label: string;
}

/**
 * Which control each field kind is entered with: read by the live request form
 * (schema-fields.tsx) and by the catalog's preview of it (schema-form-preview.tsx), so the
 * preview shows the controls a requester will get.
 */
export const FIELD_CONTROLS: Record<FieldKind, FieldControl> = {
  text: { control: 'text', label: 'Text' },
  email: { control: 'input', type: 'email', label: 'E-mail address' },
  date: { control: 'input', type: 'date', label: 'Date' },
  'date-time': { control: 'input', type: 'datetime-local', label: 'Date and time' },
  uri: { control: 'input', type: 'url', label: 'Web address' },
  number: { control: 'number', label: 'Number' },
  integer: { control: 'number', label: 'Whole number' },
  boolean: { control: 'checkbox', label: 'Yes / no' },
  choice: { control: 'select', label: 'Choice' },
  constant: { control: 'fixed', label: 'Fixed value' },
  document: { control: 'document', label: 'Document (PDF)' },
  object: { control: 'group', label: 'Group of fields' },
  array: { control: 'list', label: 'List' },
};

/** A number control's step: the schema's multipleOf, else whole numbers for an integer. */
export const numberStep = (f: FieldDescriptor): number | 'any' => f.multipleOf ?? (f.kind === 'integer' ? 1 : 'any');
