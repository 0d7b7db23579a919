'use client';

import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { SearchKindId } from '@/lib/search/search-kinds';
import type { PanelKeys } from './search-panel';
import { useShortcutHint } from './use-shortcut-hint';

// The header's search: a combobox (WAI-ARIA 1.2) over every kind of record the user's roles
// read. This part is on every page, so it is only the box; what finds and lists (the kinds'
// queries, the recently opened) loads when the box is first focused. Focus stays in the box;
// arrows move the active option, Enter opens it (the first when none is active), Esc closes
// the list, then clears the box. "/" or Ctrl+K (⌘K) comes here from anywhere that is not
// itself a text field.

// React's own lazy: rendered only after the box was focused, so never on the server.
const SearchPanel = lazy(() => import('./search-panel').then((m) => ({ default: m.SearchPanel })));

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function GlobalSearch({ kinds }: { kinds: readonly SearchKindId[] }) {
  const prefix = useId();
  const input = useRef<HTMLInputElement>(null);
  const keys = useRef<PanelKeys | null>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const shortcut = useShortcutHint();

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

  const show = () => {
    setOpen(true);
    setOpened(true);
  };
  const close = () => {
    setOpen(false);
    setActiveId(null);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      show();
      keys.current?.move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter') {
      if (keys.current?.choose()) e.preventDefault();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (open) close();
      else setText('');
    } else if (e.key === 'Tab') {
      close();
    }
  };

  const listId = `${prefix}-list`;
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
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && activeId ? activeId : undefined}
        aria-keyshortcuts="Control+K Meta+K /"
        aria-describedby={`${prefix}-status`}
        placeholder={shortcut ? `Search…   ${shortcut}` : 'Search…'}
        value={text}
        maxLength={100}
        onChange={(e) => {
          setText(e.target.value);
          show();
        }}
        onFocus={show}
        onBlur={close}
        onKeyDown={onKeyDown}
        className="w-full rounded-md border border-slate-600 bg-slate-700 px-3 py-1.5 text-sm text-white placeholder:text-slate-300 focus:border-white focus:outline-none focus:ring-2 focus:ring-white/60"
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Search results"
        hidden={!open}
        className="absolute right-0 z-40 mt-1 max-h-[70vh] w-full overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 text-sm text-slate-900 shadow-lg md:w-[28rem]"
      >
        {opened && (
          <Suspense fallback={null}>
            <SearchPanel
              text={text}
              open={open}
              kinds={kinds}
              prefix={prefix}
              keysRef={keys}
              onActive={setActiveId}
              onStatus={setStatus}
              onChosen={() => {
                close();
                setText('');
                input.current?.blur();
              }}
            />
          </Suspense>
        )}
      </div>
      {/* Outside the panel, so it is there before the first answer to announce. */}
      <p id={`${prefix}-status`} role="status" className="sr-only">
        {open ? status : ''}
      </p>
    </div>
  );
}
