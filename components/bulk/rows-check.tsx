'use client';

import { useState } from 'react';
import type { BulkColumn } from '@/lib/bulk/columns';
import type { BulkRow, RowProblem } from '@/lib/bulk/rows';
import { repeatedSigners, repeatedSignerWarning } from '@/lib/packages/repeated-signers';
import type { SendFormValues } from '@/lib/packages/send-form';
import { Button } from '../ui/button';
import { Badge } from '../ui/states';
import { RowEditor } from './row-editor';

interface RowsCheckProps {
  columns: BulkColumn[];
  rows: BulkRow[];
  problems: RowProblem[][];
  repeated: Map<number, number[]>;
  onChange(index: number, values: SendFormValues): void;
}

const recipientsOf = (values: SendFormValues) =>
  values.signers
    .map((s) => s.name.trim() || s.email.trim())
    .filter(Boolean)
    .join(', ') || 'No recipients yet';

/** Per e-mail cell of a slot whose person another slot of the row already has, the warning beside it. */
function signerWarnings(columns: BulkColumn[], values: SendFormValues): Map<string, string> {
  const warnings = new Map<string, string>();
  for (const [slot, earlier] of repeatedSigners(values.signers)) {
    const cell = columns.find((c) => c.kind === 'email' && c.slot === slot);
    const first = columns.find((c) => c.kind === 'email' && c.slot === earlier);
    if (cell && first && first.kind === 'email') warnings.set(cell.header, repeatedSignerWarning(first.slotLabel));
  }
  return warnings;
}

/**
 * The rows as read, problems first: a row with a problem is open for editing with each
 * problem beside its cell; a good row opens on request. Rows sent to the very same people as
 * another row, and rows naming one person in two slots, are flagged, not refused.
 */
export function RowsCheck({ columns, rows, problems, repeated, onChange }: RowsCheckProps) {
  const bad = problems.filter((p) => p.length > 0).length;
  const [onlyBad, setOnlyBad] = useState(bad > 0);
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set());
  const shown = rows.map((row, i) => ({ row, i })).filter(({ i }) => !onlyBad || problems[i]!.length > 0 || opened.has(i));
  const toggle = (i: number) =>
    setOpened((o) => {
      const next = new Set(o);
      if (!next.delete(i)) next.add(i);
      return next;
    });
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700" role="status">
          {rows.length} row{rows.length === 1 ? '' : 's'}: {rows.length - bad} ready
          {bad > 0 ? `, ${bad} to fix` : ''}
          {repeated.size > 0 ? `, ${repeated.size} with repeated recipients` : ''}.
        </p>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-400"
            checked={onlyBad}
            onChange={(e) => setOnlyBad(e.target.checked)}
          />
          Only rows to fix
        </label>
      </div>
      <ol className="flex flex-col gap-2" aria-label="Rows">
        {shown.map(({ row, i }) => {
          const rowProblems = problems[i]!;
          const open = rowProblems.length > 0 || opened.has(i);
          const twins = repeated.get(row.line);
          const warnings = signerWarnings(columns, row.values);
          return (
            <li key={row.line} className="rounded-lg border border-slate-200 bg-white p-3" aria-label={`Row ${row.line}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 text-sm">
                  <span className="font-semibold text-slate-900">Row {row.line}</span>
                  <span className="ml-2 break-words text-slate-600">
                    {row.values.reference.trim() ? `${row.values.reference.trim()} · ` : ''}
                    {recipientsOf(row.values)}
                  </span>
                </p>
                <span className="flex flex-wrap items-center gap-2">
                  {twins && <Badge tone="amber">Same recipients as row {twins.join(', ')}</Badge>}
                  {warnings.size > 0 && <Badge tone="amber">One person in two signer slots</Badge>}
                  {rowProblems.length > 0 ? (
                    <Badge tone="red">
                      {rowProblems.length} problem{rowProblems.length === 1 ? '' : 's'}
                    </Badge>
                  ) : (
                    <Badge tone="green">Ready</Badge>
                  )}
                  {rowProblems.length === 0 && (
                    <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => toggle(i)}>
                      {open ? 'Close' : 'Edit'}
                      <span className="sr-only"> row {row.line}</span>
                    </Button>
                  )}
                </span>
              </div>
              {open && (
                <div className="mt-3">
                  <RowEditor
                    line={row.line}
                    columns={columns}
                    values={row.values}
                    problems={rowProblems}
                    warnings={warnings}
                    onChange={(v) => {
                      // A row being fixed stays in view once its last problem is gone.
                      setOpened((o) => (o.has(i) ? o : new Set([...o, i])));
                      onChange(i, v);
                    }}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {shown.length === 0 && <p className="text-sm text-slate-600">Every row is ready.</p>}
    </div>
  );
}
