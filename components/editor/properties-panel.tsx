'use client';

import { Button } from '@/components/ui/button';
import { CheckField, Field, Select } from '@/components/ui/field';
import { FIELD_TYPE_INFO, FIELD_TYPES, type FieldType } from '@/lib/editor/field-types';
import { useState } from 'react';
import { clampToPage, geometryRange, type PageSize } from '@/lib/editor/geometry';
import { problemText, type FieldProblem } from '@/lib/editor/server-errors';
import { slotLabel } from '@/lib/editor/slots';
import { formatPoints } from '@/lib/editor/points';
import type { LayoutField } from '@/lib/documents/schemas';
import { FieldIcon } from './field-icon';
import { NumberInput } from './number-input';
import { Card } from '../ui/card';

interface PropertiesPanelProps {
  field: LayoutField | null;
  slots: string[];
  pageSizes: PageSize[];
  problems: FieldProblem[];
  readOnly: boolean;
  onChange(patch: Partial<Omit<LayoutField, 'id'>>): void;
  onAddSlot(): void;
  onRemove(): void;
}

const GEOMETRY = [
  ['x', 'X'],
  ['y', 'Y'],
  ['width', 'Width'],
  ['height', 'Height'],
] as const;

/** The selected field's settings, exact position and size, and what the server said about it. */
export function PropertiesPanel({
  field,
  slots,
  pageSizes,
  problems,
  readOnly,
  onChange,
  onAddSlot,
  onRemove,
}: PropertiesPanelProps) {
  // A number typed past the page is not applied (the field would leave the canvas): said here,
  // by field and box, so another field selected shows no message of this one.
  const [outOfRange, setOutOfRange] = useState<Partial<Record<string, string>>>({});
  if (!field) {
    return (
      <Card as="section" aria-labelledby="field-props-title" data-editor-panel className="p-4">
        <h2 id="field-props-title" className="text-sm font-semibold text-slate-900">
          Field properties
        </h2>
        <p className="mt-2 text-sm text-slate-600">Select a field on the page, or add one from the palette.</p>
      </Card>
    );
  }
  const errorOf = (prop: string) =>
    [outOfRange[`${field.id}.${prop}`], ...problems.filter((p) => p.property === prop).map((p) => p.message)]
      .filter(Boolean)
      .join('; ') || undefined;
  const other = problems.filter((p) => !['type', 'slot_id', 'page', 'x', 'y', 'width', 'height'].includes(p.property ?? ''));
  const page = pageSizes[field.page - 1];
  const changeType = (type: FieldType) => {
    const old = FIELD_TYPE_INFO[field.type];
    // A field still at its type's default size takes the new type's default size.
    const sized = field.width === old.width && field.height === old.height && page;
    onChange(
      sized
        ? { type, ...clampToPage({ ...field, width: FIELD_TYPE_INFO[type].width, height: FIELD_TYPE_INFO[type].height }, page) }
        : { type },
    );
  };
  const changePage = (n: number) => {
    const size = pageSizes[n - 1];
    onChange(size ? { page: n, ...clampToPage(field, size) } : { page: n });
  };
  return (
    <Card as="section" aria-labelledby="field-props-title" data-editor-panel className="p-4">
      <h2 id="field-props-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <FieldIcon type={field.type} />
        Field properties <code className="ml-auto text-xs font-normal text-slate-600">{field.id}</code>
      </h2>
      <fieldset disabled={readOnly} className="mt-3 flex flex-col gap-3">
        <Field label="Type" error={errorOf('type')}>
          <Select value={field.type} onChange={(e) => changeType(e.target.value as FieldType)}>
            {FIELD_TYPES.map((t) => (
              <option key={t} value={t}>
                {FIELD_TYPE_INFO[t].label}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex items-end gap-2">
          <Field label="Signer" error={errorOf('slot_id')} className="flex-1">
            <Select value={field.slot_id} onChange={(e) => onChange({ slot_id: e.target.value })}>
              {slots.map((s) => (
                <option key={s} value={s}>
                  {slotLabel(s)}
                </option>
              ))}
            </Select>
          </Field>
          <Button variant="secondary" size="sm" onClick={onAddSlot}>
            Add signer
          </Button>
        </div>
        <CheckField label="Required">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-600"
            checked={field.required}
            onChange={(e) => onChange({ required: e.target.checked })}
          />
        </CheckField>
        <Field label="Page" error={errorOf('page')}>
          <Select value={field.page} onChange={(e) => changePage(Number(e.target.value))}>
            {Array.from({ length: Math.max(pageSizes.length, field.page) }, (_, i) => (
              <option key={i} value={i + 1}>
                Page {i + 1}
              </option>
            ))}
          </Select>
        </Field>
        <div className="grid grid-cols-2 gap-2">
          {GEOMETRY.map(([prop, label]) => (
            <Field key={prop} label={`${label} (pt)`} error={errorOf(prop)}>
              <NumberInput
                // A box of its own per field: what was typed for one is not shown for the next.
                key={`${field.id}.${prop}`}
                value={field[prop]}
                range={page ? geometryRange(field, page, prop) : undefined}
                onRangeError={(message) => setOutOfRange((o) => ({ ...o, [`${field.id}.${prop}`]: message ?? undefined }))}
                onCommit={(n) => onChange({ [prop]: n })}
              />
            </Field>
          ))}
        </div>
        <p className="text-xs text-slate-600">
          PDF points from the page’s bottom-left corner
          {page ? `; this page is ${formatPoints(page.width)} × ${formatPoints(page.height)} pt` : ''}.
        </p>
        {other.length > 0 && (
          <ul role="alert" className="rounded-md bg-red-50 p-2 text-xs font-medium text-red-800">
            {other.map((p, i) => (
              <li key={i}>{problemText(p)}</li>
            ))}
          </ul>
        )}
        <Button variant="danger" size="sm" onClick={onRemove}>
          Delete field
        </Button>
      </fieldset>
    </Card>
  );
}
