'use client';

import { useRouter } from 'next/navigation';
import type { Route } from 'next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { bulkColumns, bulkCsvTemplate, bulkTemplateFileName, BULK_MAX_ROWS } from '@/lib/bulk/columns';
import { useCreateBatch } from '@/lib/bulk/mutations';
import { BATCH_EXPIRY, readRowDates, repeatedRecipients, rowProblemsIn } from '@/lib/bulk/rows';
import { DATE_FORM } from '@/lib/bulk/sheet-dates';
import type { SignTemplate } from '@/lib/catalog/schemas';
import type { SendFormValues } from '@/lib/packages/send-form';
import { ExpiryField } from '../packages/send/expiry-field';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field, Input } from '../ui/field';
import { FormError } from '../ui/form-error';
import { LeaveDialog } from '../unsaved-work/leave-dialog';
import { useLeaveGuard } from '@/lib/unsaved-work/use-leave-guard';
import { inputKey } from '@/lib/unsaved-work/browser-store';
import { dropCopy, readCopy, writeCopy } from '@/lib/unsaved-work/local-copy';
import { acceptKeptSheet, type KeptSheet } from '@/lib/bulk/kept-sheet';
import { UnsavedNotice } from '../unsaved-work/unsaved-notice';
import { readSheet, sheetProblems, type ReadSheet } from './read-rows';
import { RowsCheck } from './rows-check';
import { SheetInput } from './sheet-input';
import { TeamPicker, useTeamChoice } from '../teams/team-picker';
import { toast } from '../ui/toast';
import { useReaderLocales } from '../ui/use-reader-locales';

function Step({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  return (
    <Card as="section" aria-labelledby={`bulk-step-${n}`} className="p-5">
      <h2 id={`bulk-step-${n}`} className="mb-3 text-base font-semibold text-slate-900">
        {n}. {title}
      </h2>
      {children}
    </Card>
  );
}

function downloadTemplate(template: SignTemplate) {
  const url = URL.createObjectURL(new Blob([bulkCsvTemplate(template)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = bulkTemplateFileName(template);
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * A batch from a spreadsheet: the CSV template, the rows read and checked with the single
 * send's rules before anything is made, fixed in place, then one batch made of them. Nothing
 * is sent here: every package is reviewed on the batch's page first.
 */
export function BatchFromSheet({ template }: { template: SignTemplate }) {
  const columns = useMemo(() => bulkColumns(template), [template]);
  const [sheet, setSheet] = useState<ReadSheet | null>(null);
  const [error, setError] = useState<{ message: string } | null>(null);
  const form = useForm<{ name: string; expires_in_days: string }>({ defaultValues: { name: '', expires_in_days: '' } });
  const [name, expiry] = useWatch({ control: form.control, name: ['name', 'expires_in_days'] });
  const router = useRouter();
  const team = useTeamChoice();
  // The rows read and fixed in place are kept in this browser until the batch is made, so a
  // reload or a closed tab loses none of the fixing.
  const keptKey = inputKey(`bulk-sheet.${template.id}`);
  const [restored, setRestored] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const copy = readCopy<KeptSheet<ReadSheet>>(keptKey, acceptKeptSheet);
    if (!copy) return;
    // Once, after hydration: storage is not there while the server renders.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSheet(copy.values.sheet);
    form.reset({ name: copy.values.name, expires_in_days: copy.values.expires_in_days });
    setRestored(copy.savedAt);
  }, [keptKey, form]);
  useEffect(() => {
    if (sheet) writeCopy<KeptSheet<ReadSheet>>(keptKey, { sheet, name, expires_in_days: expiry });
  }, [keptKey, sheet, name, expiry]);
  const create = useCreateBatch({
    onDone: (batch) => {
      dropCopy(keptKey);
      toast.success(`Batch made: ${batch.row_count} packages to review.`);
      router.push(`/packages/bulk/${encodeURIComponent(batch.id)}` as Route);
    },
    onFailed: (err, { outcome }) => {
      if (outcome === 'refused') setError({ message: err instanceof Error ? err.message : 'The batch could not be made.' });
    },
  });
  const guard = useLeaveGuard(sheet !== null && !create.pending);
  // Dates in the file are read as the sender's browser writes them, and sent as YYYY-MM-DD.
  const locale = useReaderLocales()[0] ?? 'en';

  const checked = useMemo(
    () => sheet?.rows.map((r) => rowProblemsIn(template, r.values, expiry, locale)) ?? [],
    [sheet, template, expiry, locale],
  );
  // The batch's expiry is one field, not a problem of every row that leaves its own blank.
  const problems = useMemo(() => checked.map((list) => list.filter((p) => p.column !== BATCH_EXPIRY)), [checked]);
  const expiryError = checked.flat().find((p) => p.column === BATCH_EXPIRY)?.message;
  const repeated = useMemo(() => repeatedRecipients(sheet?.rows ?? []), [sheet]);
  const fileProblems = sheet ? sheetProblems(sheet) : [];
  const blocked = fileProblems.some((p) => p.blocks);
  const toFix = problems.filter((p) => p.length > 0).length;
  const nameProblem = name.trim() === '' ? 'Name the batch' : name.length > 120 ? 'At most 120 characters' : null;
  const ready = sheet !== null && !blocked && toFix === 0 && nameProblem === null && expiryError === undefined;

  const read = (text: string, source: string) => {
    setError(null);
    setRestored(null);
    const next = readSheet(template, text, source, locale);
    setSheet(next);
    if (!form.getValues('name'))
      form.setValue('name', source === 'Pasted rows' ? `${template.name} batch` : source.replace(/\.(csv|tsv|txt)$/i, ''));
  };
  const setRow = (index: number, values: SendFormValues) =>
    setSheet((s) => (s ? { ...s, rows: s.rows.map((r, i) => (i === index ? { ...r, values } : r)) } : s));

  const submit = () => {
    if (!sheet || !ready) return;
    setError(null);
    create
      .run({
        template_id: template.id,
        name: name.trim(),
        expires_in_days: expiry,
        rows: sheet.rows.map((r) => ({ line: r.line, values: readRowDates(template, r.values, locale) })),
        team_id: team.teamId,
      })
      .catch(() => undefined);
  };

  return (
    <div className="flex flex-col gap-5">
      <Step n={1} title="Get the spreadsheet">
        <p className="mb-3 text-sm text-slate-700">
          One row per package, up to {BULK_MAX_ROWS}. The columns are this template’s values (by key), then each signer’s name,
          e-mail and phone, then your reference and the days to sign (both optional).
          {template.sender_fields.some((f) => f.type === 'date') &&
            ` Dates as ${DATE_FORM} (e.g. 2027-01-31); 31.01.2027 is read too, and so is 1/31/2027 or 31/1/2027 where the order is not in doubt.`}{' '}
          The template’s example row is never sent.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => downloadTemplate(template)}>
            Download the CSV template
          </Button>
          <span className="break-all text-xs text-slate-600">{columns.map((c) => c.header).join(', ')}</span>
        </div>
      </Step>

      <Step n={2} title="Add your rows">
        {restored && (
          <div className="mb-3 flex flex-col gap-2">
            <UnsavedNotice
              kind="restored"
              at={restored}
              notYet="made into a batch yet"
              then="Check the rows below and make the batch, or start again."
            />
            <div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  dropCopy(keptKey);
                  setSheet(null);
                  setRestored(null);
                  form.reset({ name: '', expires_in_days: '' });
                }}
              >
                Start again
              </Button>
            </div>
          </div>
        )}
        <SheetInput onText={read} />
        {sheet && (
          <p className="mt-3 text-sm text-slate-700" role="status">
            Read {sheet.rows.length} row{sheet.rows.length === 1 ? '' : 's'} from {sheet.source}.
          </p>
        )}
      </Step>

      {sheet && (
        <Step n={3} title="Check the rows">
          {fileProblems.length > 0 && (
            <ul className="mb-4 flex flex-col gap-1.5" aria-label="About the file">
              {fileProblems.map((p) => (
                <li
                  key={p.text}
                  className={`rounded-md px-3 py-2 text-sm ${p.blocks ? 'bg-red-50 text-red-900' : 'bg-amber-50 text-amber-950'}`}
                >
                  {p.text}
                </li>
              ))}
            </ul>
          )}
          <div className="mb-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Field label="Batch name" required error={nameProblem ?? undefined} hint="Only in this console">
              <Input autoComplete="off" {...form.register('name')} />
            </Field>
            <ExpiryField
              registration={form.register('expires_in_days')}
              value={expiry}
              error={expiry.trim() !== '' ? expiryError : undefined}
              onPick={(days) => form.setValue('expires_in_days', String(days), { shouldDirty: true })}
            />
            <TeamPicker choice={team} hint="Who can see the batch and its packages: the members of this team." />
          </div>
          {!blocked && (
            <RowsCheck columns={columns} rows={sheet.rows} problems={problems} repeated={repeated} onChange={setRow} />
          )}
        </Step>
      )}

      {sheet && (
        <div className="flex flex-col gap-2">
          <FormError error={error} />
          <div className="flex flex-wrap items-center justify-end gap-3">
            {!ready && (
              <p className="text-sm text-slate-600">
                {blocked
                  ? 'Fix the file, then read it again.'
                  : toFix > 0
                    ? `Fix ${toFix} row${toFix === 1 ? '' : 's'} first.`
                    : (nameProblem ?? `${expiryError ?? ''} for the rows that give none.`)}
              </p>
            )}
            <Button onClick={submit} disabled={!ready} busy={create.pending || create.confirming}>
              Make the batch ({sheet.rows.length} package{sheet.rows.length === 1 ? '' : 's'})
            </Button>
          </div>
          <p className="text-right text-xs text-slate-600">Nothing is sent yet: you review every package before it goes.</p>
        </div>
      )}
      <LeaveDialog open={guard.pending !== null} what="rows" onStay={guard.stay} onLeave={guard.leave} />
    </div>
  );
}
