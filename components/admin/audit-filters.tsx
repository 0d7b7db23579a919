'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { operationLabel } from '@/lib/admin/audit-operations';
import { AUDIT_OUTCOMES as OUTCOMES, CLEARED_AUDIT_FILTERS as CLEARED, usersQuery, type AuditFilters } from '@/lib/admin/queries';
import { Button } from '../ui/button';
import { Input, Select } from '../ui/field';

interface Props {
  filters: AuditFilters;
  operations: string[];
  update(patch: Record<string, string | null>): void;
  /** a date range that ends before it starts */
  rangeError: string | null;
}

const OUTCOME_LABELS = { success: 'Success', failure: 'Failure', unknown: 'Unknown (answer lost)' } as const;

const label = 'mb-1 block text-sm font-medium text-slate-800';

/** User (applied after a pause in typing), outcome, operation and day range; all kept in the URL. */
export function AuditFilterBar({ filters, operations, update, rangeError }: Props) {
  const users = useQuery(usersQuery());
  const current = filters.user ?? '';
  const [text, setText] = useState(current);
  // The URL may change under the box (a click on a user in the table, "clear"): follow it.
  const [shown, setShown] = useState(current);
  if (current !== shown) {
    setShown(current);
    setText(current);
  }
  // Part of an address matches, so what is typed applies after a pause.
  useEffect(() => {
    const typed = text.trim();
    if (typed === current) return;
    const timer = setTimeout(() => update({ user: typed || null }), 400);
    return () => clearTimeout(timer);
  }, [text, current, update]);

  const listed = filters.operation && !operations.includes(filters.operation) ? [filters.operation, ...operations] : operations;
  // In words, in the order of the words; the identifier stays beside each (the URL and the CSV use it).
  const options = listed
    .map((op) => ({ op, text: operationLabel(op) }))
    .sort((a, b) => (a.text ?? a.op).localeCompare(b.text ?? b.op));
  const active = Boolean(filters.user || filters.outcome || filters.operation || filters.from || filters.to);
  return (
    <div role="search" aria-label="Filter the audit log" className="mb-4 flex flex-wrap items-start gap-3">
      <div className="min-w-64 flex-1">
        <label htmlFor="audit-user" className={label}>
          User e-mail
        </label>
        <Input
          id="audit-user"
          type="search"
          inputMode="email"
          list="audit-user-emails"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="e.g. oper or admin@signdesk.local"
          maxLength={254}
          aria-describedby="audit-user-hint"
          onKeyDown={(e) => {
            if (e.key === 'Enter') update({ user: text.trim() || null });
          }}
        />
        <p id="audit-user-hint" className="mt-1 text-xs text-slate-600">
          Any part of the address, in any case; failed sign-ins count under the address tried.
        </p>
        <datalist id="audit-user-emails">
          {users.data?.map((u) => (
            <option key={u.id} value={u.email} />
          ))}
        </datalist>
      </div>
      <div>
        <label htmlFor="audit-outcome" className={label}>
          Outcome
        </label>
        <Select id="audit-outcome" value={filters.outcome ?? ''} onChange={(e) => update({ outcome: e.target.value || null })}>
          <option value="">Any outcome</option>
          {OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {OUTCOME_LABELS[o]}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor="audit-operation" className={label}>
          Operation
        </label>
        <Select
          id="audit-operation"
          value={filters.operation ?? ''}
          onChange={(e) => update({ operation: e.target.value || null })}
        >
          <option value="">All operations</option>
          {options.map(({ op, text }) => (
            <option key={op} value={op}>
              {text ? `${text} (${op})` : op}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor="audit-from" className={label}>
          From (UTC day)
        </label>
        <Input
          id="audit-from"
          type="date"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(e) => update({ from: e.target.value || null })}
          aria-invalid={rangeError ? true : undefined}
          aria-describedby={rangeError ? 'audit-range-error' : undefined}
        />
      </div>
      <div>
        <label htmlFor="audit-to" className={label}>
          To (UTC day, inclusive)
        </label>
        <Input
          id="audit-to"
          type="date"
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(e) => update({ to: e.target.value || null })}
          aria-invalid={rangeError ? true : undefined}
          aria-describedby={rangeError ? 'audit-range-error' : undefined}
        />
      </div>
      {active && (
        <Button variant="ghost" className="mt-6" onClick={() => update(CLEARED)}>
          Clear filters
        </Button>
      )}
      {rangeError && (
        <p id="audit-range-error" role="alert" className="basis-full text-xs font-medium text-red-700">
          {rangeError}
        </p>
      )}
    </div>
  );
}
