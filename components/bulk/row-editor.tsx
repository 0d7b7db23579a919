'use client';

import type { BulkColumn } from '@/lib/bulk/columns';
import type { RowProblem } from '@/lib/bulk/rows';
import type { SendFormValues } from '@/lib/packages/send-form';
import { useId } from 'react';
import type { SignerContact } from '../recipients/fill-from-book';
import { RecipientSuggestions } from '../recipients/recipient-suggestions';
import { Field, Input } from '../ui/field';

/** A row's cell as the form holds it. */
function cellOf(values: SendFormValues, column: BulkColumn): string {
  switch (column.kind) {
    case 'value':
      return values.sender_values[column.key] ?? '';
    case 'reference':
      return values.reference;
    case 'expiry':
      return values.expires_in_days;
    default:
      return values.signers[column.slot]?.[column.kind] ?? '';
  }
}

function withCell(values: SendFormValues, column: BulkColumn, cell: string): SendFormValues {
  switch (column.kind) {
    case 'value':
      return { ...values, sender_values: { ...values.sender_values, [column.key]: cell } };
    case 'reference':
      return { ...values, reference: cell };
    case 'expiry':
      return { ...values, expires_in_days: cell };
    default: {
      const slot = column.slot;
      const kind = column.kind;
      return { ...values, signers: values.signers.map((s, i) => (i === slot ? { ...s, [kind]: cell } : s)) };
    }
  }
}

interface RowEditorProps {
  line: number;
  columns: BulkColumn[];
  values: SendFormValues;
  problems: RowProblem[];
  /** what to check but not a problem, by column header */
  warnings?: ReadonlyMap<string, string>;
  onChange(values: SendFormValues): void;
}

/** Every cell of one row, editable in place, each with its problem beside it; signers take suggestions from the recipient book. */
export function RowEditor({ line, columns, values, problems, warnings, onChange }: RowEditorProps) {
  const byColumn = new Map(problems.map((p) => [p.column, p.message]));
  const lists = useId();
  const listOf = (column: BulkColumn) =>
    column.kind === 'name' || column.kind === 'email' ? `${lists}-${column.slot}-${column.kind}` : undefined;
  // A signer's empty cells take what the book holds for the address (or name) typed.
  const fill = (slot: number) => (found: Partial<SignerContact>) =>
    onChange({ ...values, signers: values.signers.map((s, i) => (i === slot ? { ...s, ...found } : s)) });
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {values.signers.map((signer, slot) => (
        <RecipientSuggestions
          key={signer.slot_id}
          signer={signer}
          listIds={{ name: `${lists}-${slot}-name`, email: `${lists}-${slot}-email` }}
          onFill={fill(slot)}
        />
      ))}
      {columns.map((column) => (
        <Field
          key={column.header}
          label={column.label}
          required={column.required}
          error={byColumn.get(column.header)}
          hint={
            warnings?.has(column.header) ? (
              <span className="font-medium text-amber-900">{warnings.get(column.header)}</span>
            ) : column.kind === 'expiry' ? (
              'Blank: the batch’s expiry'
            ) : (
              column.header
            )
          }
        >
          <Input
            autoComplete="off"
            aria-label={`Row ${line}: ${column.label}`}
            type={column.kind === 'email' ? 'email' : column.kind === 'phone' ? 'tel' : 'text'}
            list={listOf(column)}
            value={cellOf(values, column)}
            onChange={(e) => onChange(withCell(values, column, e.target.value))}
          />
        </Field>
      ))}
    </div>
  );
}
