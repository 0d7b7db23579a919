'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { operationLabel } from '@/lib/admin/audit-operations';
import { AUDIT_OUTCOMES as OUTCOMES, CLEARED_AUDIT_FILTERS as CLEARED, usersQuery, type AuditFilters } from '@/lib/admin/queries';
import { Button } from '../ui/button';
import { SearchField, SelectField } from '../ui/field';
import { DayField } from '../list/day-field';
import { teamsQuery } from '@/lib/teams/queries';

interface Props {
  filters: AuditFilters;
  operations: string[];
  update(patch: Record<string, string | null>): void;
  /** a date range that ends before it starts */
  rangeError: string | null;
}

const RANGE_ERROR = 'audit-range-error';

const OUTCOME_LABELS = { success: 'Success', failure: 'Failure', unknown: 'Unknown (answer lost)' } as const;

/** User (applied after a pause in typing), outcome, operation and day range; all kept in the URL. */
export function AuditFilterBar({ filters, operations, update, rangeError }: Props) {
  const users = useQuery(usersQuery());
  const teams = useQuery(teamsQuery());
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
  const active = Boolean(filters.user || filters.outcome || filters.operation || filters.from || filters.to || filters.team);
  return (
    <div role="search" aria-label="Filter the audit log" className="mb-4 flex flex-wrap items-start gap-3">
      <SearchField
        label="User e-mail"
        className="min-w-64 flex-1"
        hint="Any part of the address, in any case; failed sign-ins count under the address tried."
        value={text}
        onChange={(e) => setText(e.target.value)}
        inputMode="email"
        list="audit-user-emails"
        placeholder="e.g. oper or admin@signdesk.local"
        maxLength={254}
        onKeyDown={(e) => {
          if (e.key === 'Enter') update({ user: text.trim() || null });
        }}
      />
      <datalist id="audit-user-emails">
        {users.data?.map((u) => (
          <option key={u.id} value={u.email} />
        ))}
      </datalist>
      <SelectField
        label="Outcome"
        value={filters.outcome ?? ''}
        onChange={(e) => update({ outcome: e.target.value || null })}
        blank="Any outcome"
        options={OUTCOMES.map((o) => ({ value: o, label: OUTCOME_LABELS[o] }))}
      />
      <SelectField
        label="Operation"
        value={filters.operation ?? ''}
        onChange={(e) => update({ operation: e.target.value || null })}
        blank="All operations"
        options={options.map(({ op, text }) => ({ value: op, label: text ? `${text} (${op})` : op }))}
      />
      {(teams.data?.length ?? 0) > 0 && (
        <SelectField
          label="Team"
          value={filters.team ?? ''}
          onChange={(e) => update({ team: e.target.value || null })}
          blank="Every team"
          options={(teams.data ?? []).map((t) => ({ value: t.id, label: t.archived_at ? `${t.name} (archived)` : t.name }))}
        />
      )}
      <DayField
        label="From (UTC day)"
        value={filters.from}
        max={filters.to}
        onChange={(from) => update({ from: from || null })}
        invalidBy={rangeError ? RANGE_ERROR : undefined}
      />
      <DayField
        label="To (UTC day, inclusive)"
        value={filters.to}
        min={filters.from}
        onChange={(to) => update({ to: to || null })}
        invalidBy={rangeError ? RANGE_ERROR : undefined}
      />
      {active && (
        <Button variant="ghost" className="mt-6" onClick={() => update(CLEARED)}>
          Clear filters
        </Button>
      )}
      {rangeError && (
        <p id={RANGE_ERROR} role="alert" className="basis-full text-xs font-medium text-red-700">
          {rangeError}
        </p>
      )}
    </div>
  );
}
