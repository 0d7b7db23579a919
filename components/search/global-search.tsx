'use client';

import { useRouter } from 'next/navigation';
import type { Route } from 'next';
import { useEffect, useId, useRef, useState } from 'react';
import { noteOpened, recentlyOpened } from '@/lib/search/recent';
import type { SearchHit, SearchKindId } from '@/lib/search/search-kinds';
import { useOpenedBy } from './opened-by';
import { MIN_CHARS, useSearchResults, type SearchGroup } from './use-search-results';

// The header's search: a combobox (WAI-ARIA 1.2) over every kind of record the user's roles
// read. Focus stays in the box; arrows move the active option, Enter opens it (the first one
// when none is active), Esc closes the list, then clears the box. "/" or Ctrl+K (⌘K) comes here
// from anywhere that is not itself a text field.

interface Option {
  id: string;
  href: Route;
  /** noted as recently opened when chosen (a group's "all results" entry is not a record) */
  hit: SearchHit | null;
  label: React.ReactNode;
  detail: string;
}

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function statusOf(q: string, tooShort: boolean, searching: boolean, count: number, recent: number): string {
  if (!q) return recent ? `${recent} recently opened` : 'Records you open are listed here. Type to search.';
  if (tooShort) return `Type at least ${MIN_CHARS} characters to search.`;
  if (searching) return 'Searching…';
  return count ? `${count} ${count === 1 ? 'result' : 'results'}` : `Nothing matches “${q}”.`;
}

function groupOptions(group: SearchGroup, q: string, prefix: string): Option[] {
  const options: Option[] = group.hits.map((hit) => ({
    id: `${prefix}-${hit.kind}-${hit.id}`,
    href: hit.href,
    hit,
    label: hit.title,
    detail: hit.detail,
  }));
  if (group.total > group.hits.length) {
    options.push({
      id: `${prefix}-${group.kind.id}-all`,
      href: group.kind.listHref(q),
      hit: null,
      label: `All ${group.total} in ${group.kind.label.toLowerCase()}`,
      detail: 'Opens the list, filtered',
    });
  }
  return options;
}

export function GlobalSearch({ kinds }: { kinds: readonly SearchKindId[] }) {
  const router = useRouter();
  const userId = useOpenedBy();
  const prefix = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<SearchHit[]>([]);
  const { q, tooShort, searching, groups } = useSearchResults(text, kinds, open);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const shortcut = (e.key === 'k' || e.key === 'K') && (e.ctrlKey || e.metaKey);
      if (!shortcut && !(e.key === '/' && !typingIn(e.target) && !e.ctrlKey && !e.metaKey && !e.altKey)) return;
      e.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const shown: { heading: string; id: string; options: Option[]; note?: string }[] = !q
    ? recent.length
      ? [
          {
            heading: 'Recently opened',
            id: `${prefix}-recent`,
            options: recent.map((hit) => ({
              id: `${prefix}-r-${hit.kind}-${hit.id}`,
              href: hit.href,
              hit,
              label: hit.title,
              detail: hit.detail,
            })),
          },
        ]
      : []
    : tooShort
      ? []
      : groups
          .filter((g) => g.state !== 'done' || g.hits.length > 0)
          .map((g) => ({
            heading: g.kind.label,
            id: `${prefix}-${g.kind.id}`,
            options: groupOptions(g, q, prefix),
            note:
              g.state === 'failed'
                ? `Could not search ${g.kind.label.toLowerCase()}: ${g.error}`
                : g.state === 'searching'
                  ? 'Searching…'
                  : undefined,
          }));
  const options = shown.flatMap((s) => s.options);
  const count = groups.reduce((n, g) => n + g.total, 0);
  const status = statusOf(q, tooShort, searching, count, recent.length);
  const activeOption = active >= 0 ? options[active] : undefined;

  const show = () => {
    if (!open) setRecent(userId ? recentlyOpened(userId) : []);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (option: Option) => {
    if (option.hit && userId) noteOpened(userId, option.hit);
    close();
    setText('');
    input.current?.blur();
    router.push(option.href);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      show();
      if (!options.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 ? (step > 0 ? 0 : options.length - 1) : (i + step + options.length) % options.length));
    } else if (e.key === 'Enter') {
      // What the user sees first, even while a later group is still being asked.
      const option = activeOption ?? options[0];
      if (!option) return;
      e.preventDefault();
      choose(option);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (open) close();
      else setText('');
    } else if (e.key === 'Tab') {
      close();
    }
  };

  const listId = `${prefix}-list`;
  const expanded = open;
  return (
    <div className="relative" role="search">
      <label htmlFor={`${prefix}-input`} className="sr-only">
        Search Signdesk
      </label>
      <input
        ref={input}
        id={`${prefix}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && activeOption ? activeOption.id : undefined}
        aria-keyshortcuts="Control+K Meta+K /"
        aria-describedby={`${prefix}-status`}
        placeholder="Search…   Ctrl K"
        value={text}
        maxLength={100}
        onChange={(e) => {
          setText(e.target.value);
          setActive(-1);
          show();
        }}
        onFocus={show}
        onBlur={close}
        onKeyDown={onKeyDown}
        className="w-full rounded-md border border-slate-600 bg-slate-700 px-3 py-1.5 text-sm text-white placeholder:text-slate-300 focus:border-white focus:outline-none focus:ring-2 focus:ring-white/60"
      />
      <p id={`${prefix}-status`} role="status" className="sr-only">
        {open ? status : ''}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label="Search results"
        hidden={!expanded}
        className="absolute right-0 z-40 mt-1 max-h-[70vh] w-full overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 text-sm text-slate-900 shadow-lg md:w-[28rem]"
      >
        {shown.map((section) => (
          <div key={section.id} role="group" aria-labelledby={`${section.id}-h`}>
            <div
              id={`${section.id}-h`}
              role="presentation"
              className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-600"
            >
              {section.heading}
            </div>
            {section.note && (
              <div role="presentation" className="px-3 py-1 text-slate-700">
                {section.note}
              </div>
            )}
            {section.options.map((option) => {
              const isActive = option === activeOption;
              return (
                <div
                  key={option.id}
                  id={option.id}
                  role="option"
                  aria-selected={isActive}
                  // Keeps the focus in the box, so the list is still open when the click lands.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(option)}
                  onMouseMove={() => setActive(options.indexOf(option))}
                  className={`cursor-pointer px-3 py-1.5 ${isActive ? 'bg-brand-50 outline outline-2 -outline-offset-2 outline-brand-700' : ''}`}
                >
                  <span className="block break-words font-medium text-brand-700">{option.label}</span>
                  {option.detail && <span className="block break-words text-xs text-slate-700">{option.detail}</span>}
                </div>
              );
            })}
          </div>
        ))}
        {(shown.length === 0 || (q && !searching && count === 0)) && <p className="px-3 py-2 text-slate-700">{status}</p>}
      </div>
    </div>
  );
}
