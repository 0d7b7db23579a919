'use client';

import type { FieldDescriptor } from '@/lib/submission-schema/fields';
import type { ApprovalRequestRecord } from '@/lib/approval-requests/queries';
import { currencyOf, displayValue } from './schema-form-base';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Rows of an object's values: schema order and titles, then keys the schema does not know, under their key. */
function rowsOf(
  fields: readonly FieldDescriptor[],
  data: Record<string, unknown>,
): [string, FieldDescriptor | undefined, unknown][] {
  const rows: [string, FieldDescriptor | undefined, unknown][] = fields
    .filter((f) => f.kind !== 'document' && data[f.key] !== undefined)
    .map((f) => [f.key, f, data[f.key]]);
  for (const [k, v] of Object.entries(data)) if (!fields.some((f) => f.key === k)) rows.push([k, undefined, v]);
  return rows;
}

function Value({ field, value, currency }: { field: FieldDescriptor | undefined; value: unknown; currency?: string }) {
  if (isRecord(value)) return <DataList fields={field?.fields ?? []} data={value} currency={currency} nested />;
  if (Array.isArray(value) && value.length > 0) {
    const item = field?.item;
    return (
      <ol className="flex list-decimal flex-col gap-1 pl-5">
        {value.map((v, i) => (
          <li key={i}>
            <Value field={item} value={v} currency={currency} />
          </li>
        ))}
      </ol>
    );
  }
  return <>{displayValue(field, value, currency)}</>;
}

function DataList({
  fields,
  data,
  currency,
  nested = false,
}: {
  fields: readonly FieldDescriptor[];
  data: Record<string, unknown>;
  currency?: string;
  nested?: boolean;
}) {
  const rows = rowsOf(fields, data);
  if (rows.length === 0) return <span className="text-slate-600">—</span>;
  return (
    // A nested group stacks each title over its value: side by side, a group in a group outgrows its column.
    <dl
      className={
        nested
          ? 'flex min-w-0 flex-col gap-1 rounded-md bg-slate-50 p-2 text-sm'
          : 'grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(10rem,auto)_1fr]'
      }
    >
      {rows.map(([key, field, value]) => (
        <div key={key} className={nested ? 'min-w-0' : 'contents'}>
          <dt className={nested ? 'text-xs text-slate-600' : 'text-slate-600'}>{field?.title ?? key}</dt>
          <dd className="min-w-0 whitespace-pre-wrap break-words text-slate-900">
            <Value field={field} value={value} currency={currency} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A request's form data by its release's titles, nested groups and lists as such; documents are listed apart. */
export function FormDataView({ request, fields }: { request: ApprovalRequestRecord; fields: readonly FieldDescriptor[] | null }) {
  const data = request.form_data;
  // A document field's id repeated in form_data (DESIGN.md section 3) is shown with the documents.
  const documentKeys = new Set((fields ?? []).filter((f) => f.kind === 'document').map((f) => f.key));
  const shown = Object.fromEntries(Object.entries(data).filter(([k]) => !documentKeys.has(k)));
  if (Object.keys(shown).length === 0) return <p className="text-sm text-slate-600">No form data.</p>;
  return <DataList fields={fields ?? []} data={shown} currency={currencyOf(fields ?? [], data)} />;
}
