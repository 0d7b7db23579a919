'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { documentSearchQuery } from '@/lib/documents/queries';
import { useSettled } from '../ui/use-settled';
import { DocumentOptions, optionIdOf, POPUP } from './document-options';
import { hiddenDocuments, pickerOptions, searchStatus, searchTerm, type PickerOption } from './picker-options';

interface DocumentPickerProps {
  /** the id of the input, for its label */
  id: string;
  /** the chosen document, as the input shows it while nobody is searching */
  chosenLabel: string;
  value: string;
  /** the request's own documents, listed first */
  offered: PickerOption[];
  onPick(option: PickerOption): void;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** the field's label, above the input */
  label: React.ReactNode;
  /** the hint and the error, below it (the input's parent holds them, as a Field's does) */
  children?: React.ReactNode;
}

/**
 * An editable combobox over every document of the app: typing searches on the server, the
 * list grows a page at a time with "More results", and the count is announced. Arrow keys
 * move, Enter picks, Escape closes and gives back the chosen document's name.
 */
export function DocumentPicker({
  id,
  chosenLabel,
  value,
  offered,
  onPick,
  describedBy,
  invalid,
  required,
  disabled,
  label,
  children,
}: DocumentPickerProps) {
  const listId = useId();
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = searchTerm(useSettled(text ?? '', 250));
  const search = useInfiniteQuery({ ...documentSearchQuery(q), enabled: open });
  const results = search.data?.pages.flatMap((p) => p.data) ?? [];
  const total = search.data?.pages.at(-1)?.pagination.total;
  const options = pickerOptions({ offered, results, query: q });
  const hidden = hiddenDocuments(results);
  const more = search.hasNextPage === true;
  const count = options.length + (more ? 1 : 0);

  const close = () => {
    setOpen(false);
    setText(null);
    setActive(-1);
  };
  const choose = (i: number) => {
    if (i === options.length) return void search.fetchNextPage();
    const option = options[i];
    if (!option) return;
    onPick(option);
    close();
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      if (count === 0) return;
      setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % count : a <= 0 ? count - 1 : a - 1));
    } else if (e.key === 'Enter' && open) {
      // Enter never submits the form from here; it picks the highlighted option, if any.
      e.preventDefault();
      if (active >= 0) choose(active);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      close();
    }
  };

  const status = open
    ? searchStatus({
        error: search.isError ? search.error.message : undefined,
        pending: search.isPending,
        shown: options.length,
        total,
        query: q,
      }) + (hidden ? ` ${hidden}` : '')
    : '';
  const optionId = (i: number) => optionIdOf(listId, i);
  // The highlighted option stays in sight as the arrow keys move through a long list.
  useEffect(() => {
    if (open && active >= 0) document.getElementById(optionIdOf(listId, active))?.scrollIntoView({ block: 'nearest' });
  }, [open, active, listId]);

  return (
    <div className="relative" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && close()}>
      {label}
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 && active < count ? optionId(active) : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        disabled={disabled}
        placeholder="Search documents by name…"
        value={text ?? chosenLabel}
        onChange={(e) => (setText(e.target.value), setOpen(true), setActive(-1))}
        onFocus={(e) => e.target.select()}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="block w-full rounded-md border-0 px-2.5 py-1.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-inset focus:ring-brand-600 aria-[invalid=true]:ring-red-600 disabled:bg-slate-100"
      />
      <p role="status" className="sr-only">
        {status}
      </p>
      <DocumentOptions
        listId={listId}
        hidden={!open || count === 0}
        options={options}
        value={value}
        active={active}
        note={hidden}
        more={more ? (search.isFetchingNextPage ? 'Loading more…' : 'More results') : null}
        onChoose={choose}
        onHover={setActive}
      />
      {open && count === 0 && <p className={`${POPUP} px-3 text-slate-600`}>{status}</p>}
      {children}
    </div>
  );
}
