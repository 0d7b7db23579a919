'use client';

import { useId, useState } from 'react';
import { Button } from '../ui/button';
import { Textarea } from '../ui/field';

/** The most a file may weigh: 500 rows of 20 signers fit well within it. */
const MAX_BYTES = 2 * 1024 * 1024;

interface SheetInputProps {
  onText(text: string, source: string): void;
}

/** A CSV file chosen, or rows pasted from a spreadsheet (tab-separated), read as text. */
export function SheetInput({ onText }: SheetInputProps) {
  const fileId = useId();
  const pasteId = useId();
  const [pasted, setPasted] = useState('');
  const [error, setError] = useState<string | null>(null);
  const choose = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (file.size > MAX_BYTES) return setError(`${file.name} is larger than 2 MB: a batch takes at most 500 rows.`);
    onText(await file.text(), file.name);
  };
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={fileId} className="text-sm font-medium text-slate-800">
          Upload a CSV file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/plain"
          aria-describedby={`${fileId}-hint`}
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            // The same file chosen again (fixed meanwhile) is read again.
            e.target.value = '';
          }}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100"
        />
        <p id={`${fileId}-hint`} className="text-xs text-slate-600">
          Comma, semicolon or tab between cells; UTF-8, as Excel’s “CSV UTF-8” saves it.
        </p>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={pasteId} className="text-sm font-medium text-slate-800">
          Or paste rows from a spreadsheet
        </label>
        <Textarea
          id={pasteId}
          rows={4}
          value={pasted}
          placeholder="Copy the header row and your rows in the spreadsheet, then paste them here"
          onChange={(e) => setPasted(e.target.value)}
          className="font-mono text-xs"
        />
        <div>
          <Button variant="secondary" size="sm" disabled={pasted.trim() === ''} onClick={() => onText(pasted, 'Pasted rows')}>
            Read pasted rows
          </Button>
        </div>
      </div>
    </div>
  );
}
