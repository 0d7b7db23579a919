'use client';

import { useState } from 'react';
import { z } from 'zod';
import { toast } from '@/components/ui/toast';
import { ConsoleApiError } from '@/lib/api-error';
import { notKnownYet } from '@/lib/forms/apply-api-error';
import { outcomeOf } from '@/lib/intents/intent-key';
import { RECIPIENT_IMPORT_CONFLICTS, RECIPIENT_IMPORT_INVALID } from '@/lib/recipients/codes';
import { RECIPIENT_IMPORT_MAX_CHARS, RECIPIENT_IMPORT_MAX_ROWS } from '@/lib/recipients/limits';
import { useImportRecipients } from '@/lib/recipients/mutations';
import { TeamPicker, useTeamChoice } from '../teams/team-picker';
import type { RecipientImportResult } from '@/lib/recipients/schemas';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field, Textarea } from '../ui/field';

interface Problem {
  row: number | null;
  column: string | null;
  message: string;
}

interface Refusal {
  message: string;
  problems: Problem[];
  /** entries the file would change, at the versions the book holds now: what "Overwrite" agrees to */
  overwrite: Overwrite[];
}

const overwriteSchema = z.object({ id: z.string(), version: z.number().int() });
type Overwrite = z.infer<typeof overwriteSchema>;

/** A refusal's words and, for a file with problems or changes, each of them by row. */
function refusalOf(err: unknown): Refusal {
  if (outcomeOf(err) === 'unknown' || !(err instanceof ConsoleApiError))
    return { message: notKnownYet(err), problems: [], overwrite: [] };
  if (err.code !== RECIPIENT_IMPORT_INVALID && err.code !== RECIPIENT_IMPORT_CONFLICTS)
    return { message: err.message, problems: [], overwrite: [] };
  const problems = err.details.map((d) => ({
    row: typeof d.row === 'number' ? d.row : null,
    column: typeof d.column === 'string' ? d.column : null,
    message: d.message,
  }));
  const overwrite = err.details.flatMap((d) => {
    const entry = overwriteSchema.safeParse(d.recipient);
    return entry.success ? [entry.data] : [];
  });
  return { message: err.message, problems, overwrite };
}

const where = (p: Problem) => [p.row === null ? null : `Row ${p.row}`, p.column].filter(Boolean).join(', ') || 'The file';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

function summary(r: RecipientImportResult): string {
  const merged = r.merged ? `; ${plural(r.merged, 'repeated row')} merged` : '';
  return `Imported ${plural(r.rows, 'row')}: ${r.created.toLocaleString('en')} added, ${r.updated.toLocaleString('en')} updated, ${r.unchanged.toLocaleString('en')} already as in the file${merged}.`;
}

/**
 * A CSV into the book, from a file or pasted: the text stays in the box, so a refused file is
 * corrected right there and imported again. Nothing is imported while any row has a problem.
 */
export function ImportRecipientsPanel({ id }: { id: string }) {
  const [csv, setCsv] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [result, setResult] = useState<RecipientImportResult | null>(null);
  const team = useTeamChoice();
  const importing = useImportRecipients({
    onDone(done) {
      setRefusal(null);
      setResult(done);
      toast.success(summary(done));
    },
    onFailed(err) {
      setResult(null);
      setRefusal(refusalOf(err));
    },
  });
  const tooLong = csv.length > RECIPIENT_IMPORT_MAX_CHARS;
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setResult(null);
    // A file several times the limit is not read into the page at all.
    if (file.size > RECIPIENT_IMPORT_MAX_CHARS * 4) {
      setRefusal({
        message: `${file.name} is too large: one import takes ${RECIPIENT_IMPORT_MAX_ROWS.toLocaleString('en')} rows at most.`,
        problems: [],
        overwrite: [],
      });
      return;
    }
    setRefusal(null);
    setCsv(await file.text());
  };
  return (
    <Card as="section" id={id} aria-labelledby={`${id}-title`} className="mb-6 p-5">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        Import from a CSV file
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A header row with the columns name, email and phone (phone may be left out), in any order, then up to{' '}
        {RECIPIENT_IMPORT_MAX_ROWS.toLocaleString('en')} rows. An address already in the book takes the file’s name and phone (a
        blank phone keeps the book’s), once you have seen what would change and chosen to overwrite it. If any row has a problem,
        nothing is imported.
      </p>
      <form
        className="mt-4 flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!tooLong && csv.trim()) void importing.run({ csv, team_id: team.teamId }).catch(() => undefined);
        }}
      >
        <fieldset disabled={importing.pending} className="flex flex-col gap-4">
          <Field label="CSV file" hint="Its rows appear below, to check or correct before importing.">
            <input
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              onChange={(e) => void choose(e.target.files?.[0])}
              className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
            />
          </Field>
          <Field
            label="Rows to import"
            hint="The file’s text, or rows pasted from a spreadsheet (comma, semicolon or tab between cells)."
            error={
              tooLong
                ? `At most ${RECIPIENT_IMPORT_MAX_CHARS.toLocaleString('en')} characters at once (${csv.length.toLocaleString('en')} here).`
                : undefined
            }
          >
            <Textarea
              rows={8}
              spellCheck={false}
              value={csv}
              onChange={(e) => {
                setCsv(e.target.value);
                // What was agreed to overwrite was for the text as it was.
                if (refusal?.overwrite.length) setRefusal(null);
              }}
              placeholder={'name,email,phone\nAda Lovelace,ada@example.com,+49 151 12345678'}
              className="font-mono"
            />
          </Field>
          <TeamPicker
            choice={team}
            label="Import into the book of"
            hint="The team whose members see these entries and get them as suggestions."
            className="max-w-sm"
          />
          {refusal && (
            <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              <p className="font-medium">{refusal.message}</p>
              {refusal.problems.length > 0 && (
                <ul aria-label="Problems in the file" className="mt-2 max-h-64 list-disc overflow-y-auto pl-5">
                  {refusal.problems.map((p, i) => (
                    <li key={i}>
                      <span className="font-medium">{where(p)}:</span> {p.message}
                    </li>
                  ))}
                </ul>
              )}
              {refusal.overwrite.length > 0 && refusal.overwrite.length === refusal.problems.length && (
                <Button
                  type="button"
                  variant="secondary"
                  className="mt-3"
                  onClick={() =>
                    void importing.run({ csv, overwrite: refusal.overwrite, team_id: team.teamId }).catch(() => undefined)
                  }
                >
                  Overwrite{' '}
                  {refusal.overwrite.length === 1
                    ? 'this entry'
                    : `these ${refusal.overwrite.length.toLocaleString('en')} entries`}{' '}
                  and import
                </Button>
              )}
            </div>
          )}
          {result && (
            <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
              {summary(result)}
            </p>
          )}
          <div>
            <Button type="submit" busy={importing.pending} disabled={tooLong || csv.trim() === ''}>
              Import
            </Button>
          </div>
        </fieldset>
      </form>
    </Card>
  );
}
