'use client';

import { useRouter } from 'next/navigation';
import type { Route } from 'next';
import { useEffect, useImperativeHandle, useState, type RefObject } from 'react';
import { noteOpened, recentlyOpened } from '@/lib/search/recent';
import type { SearchHit, SearchKindId } from '@/lib/search/search-kinds';
import { useOpenedBy } from './opened-by';
import { MIN_CHARS, useSearchResults, type SearchGroup } from './use-search-results';

// What the header's search box (global-search.tsx) finds and lists, loaded when the box is
// first focused: the groups of options inside its listbox, the active option, and what Enter
// and the arrows do; the box keeps the focus throughout.

interface Option {
  id: string;
  href: Route;
  /** noted as recently opened when chosen (a group's "all results" entry is not a record) */
  hit: SearchHit | null;
  label: React.ReactNode;
  detail: string;
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

/** What the box's keys do, once the panel is there. */
export interface PanelKeys {
  move(step: 1 | -1): void;
  /** opens the active option, else the first: false when there is none */
  choose(): boolean;
}

interface SearchPanelProps {
  text: string;
  open: boolean;
  kinds: readonly SearchKindId[];
  prefix: string;
  keysRef: RefObject<PanelKeys | null>;
  onActive(id: string | null): void;
  onStatus(text: string): void;
  onChosen(): void;
}

export function SearchPanel({ text, open, kinds, prefix, keysRef, onActive, onStatus, onChosen }: SearchPanelProps) {
  const router = useRouter();
  const userId = useOpenedBy();
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<SearchHit[]>(() => (userId ? recentlyOpened(userId) : []));
  const { q, tooShort, searching, groups } = useSearchResults(text, kinds, open);
  // Opened again: what was opened meanwhile is listed, and no option is active.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setRecent(userId ? recentlyOpened(userId) : []);
    setActive(-1);
  }
  // A new text starts the choice over.
  const [forText, setForText] = useState(text);
  if (text !== forText) {
    setForText(text);
    setActive(-1);
  }

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

  const choose = (option: Option) => {
    if (option.hit && userId) noteOpened(userId, option.hit);
    onChosen();
    router.push(option.href);
  };

  useEffect(() => onActive(activeOption?.id ?? null), [activeOption?.id, onActive]);
  useEffect(() => onStatus(status), [status, onStatus]);
  useImperativeHandle(keysRef, () => ({
    move(step) {
      if (!options.length) return;
      setActive((i) => (i < 0 ? (step > 0 ? 0 : options.length - 1) : (i + step + options.length) % options.length));
    },
    choose() {
      // What the user sees first, even while a later group is still being asked.
      const option = activeOption ?? options[0];
      if (!option) return false;
      choose(option);
      return true;
    },
  }));

  return (
    <>
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
    </>
  );
}
