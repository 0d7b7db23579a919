interface RecordFilter {
  name: string;
  label: string;
}

interface RecordFiltersNoteProps {
  /** what the console's own record of each listed one says: "Sent from this console with" */
  lead: string;
  filters: readonly RecordFilter[];
  values: Readonly<Record<string, string | undefined>>;
  onClear(): void;
}

/**
 * The filters a list applies from the console's own records (a template, a sender, a workflow a
 * drill-down asked for), each shown with its value and cleared together.
 */
export function RecordFiltersNote({ lead, filters, values, onClear }: RecordFiltersNoteProps) {
  if (filters.length === 0) return null;
  return (
    <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
      {lead}
      {filters.map((f) => (
        <span key={f.name} className="rounded bg-slate-100 px-2 py-0.5">
          {f.label.toLowerCase()} <code className="text-xs">{values[f.name]}</code>
        </span>
      ))}
      <button type="button" className="font-medium text-brand-700 hover:underline" onClick={onClear}>
        Clear these
      </button>
    </p>
  );
}
