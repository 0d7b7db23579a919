'use client';

import { useMemo, useState } from 'react';
import { bulkColumns } from '@/lib/bulk/columns';
import { useChangeRow } from '@/lib/bulk/mutations';
import { formValuesOfRow } from '@/lib/bulk/row-form';
import { readRowDates, rowProblemsIn } from '@/lib/bulk/rows';
import type { BulkRow } from '@/lib/bulk/schemas';
import type { SignTemplate } from '@/lib/catalog/schemas';
import type { SendFormValues } from '@/lib/packages/send-form';
import { useLeaveGuard } from '@/lib/unsaved-work/use-leave-guard';
import { Button } from '../ui/button';
import { FormError } from '../ui/form-error';
import { toast } from '../ui/toast';
import { useReaderLocales } from '../ui/use-reader-locales';
import { LeaveDialog } from '../unsaved-work/leave-dialog';
import { RowEditor } from './row-editor';

interface RowFixProps {
  batchId: string;
  row: BulkRow;
  template: SignTemplate;
  onDone(): void;
}

/**
 * One row of a made batch put right before it is sent: its cells as the spreadsheet step shows
 * them, checked by the same rules as they are typed; saved, the row goes back to review.
 */
export function RowFix({ batchId, row, template, onDone }: RowFixProps) {
  const columns = useMemo(() => bulkColumns(template), [template]);
  const start = useMemo(() => formValuesOfRow(template, row), [template, row]);
  const [values, setValues] = useState<SendFormValues>(start);
  const [error, setError] = useState<string | null>(null);
  const locale = useReaderLocales()[0] ?? 'en';
  const { fix } = useChangeRow(batchId);
  const dirty = JSON.stringify(values) !== JSON.stringify(start);
  const guard = useLeaveGuard(dirty && !fix.isSuccess);
  // A blank expiry keeps the row's own, as the server does.
  const problems = rowProblemsIn(template, values, String(row.expires_in_days), locale);

  const save = () => {
    setError(null);
    fix.mutate(
      { position: row.position, values: readRowDates(template, values, locale) },
      {
        onSuccess: () => {
          toast.success(`Row ${row.line} fixed: review it again to send it.`);
          onDone();
        },
        onError: (err) => setError(err instanceof Error ? err.message : `Row ${row.line} could not be fixed.`),
      },
    );
  };

  return (
    <form
      className="mt-3 flex w-full flex-col gap-3 rounded-md border border-slate-200 bg-slate-50 p-3"
      aria-label={`Fix row ${row.line}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (problems.length === 0 && dirty) save();
      }}
    >
      <p className="text-sm text-slate-700">
        Fix row {row.line} here: saved, it goes back to review, and nothing of it is sent until you confirm it again.
      </p>
      <RowEditor line={row.line} columns={columns} values={values} problems={problems} onChange={setValues} />
      <FormError error={error} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone} disabled={fix.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={fix.isPending} disabled={!dirty || problems.length > 0}>
          Save row {row.line}
        </Button>
      </div>
      <LeaveDialog open={guard.pending !== null} what="row" onStay={guard.stay} onLeave={guard.leave} />
    </form>
  );
}
