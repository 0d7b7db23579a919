'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { catalogListQuery } from '@/lib/catalog/queries';
import type { SignTemplate } from '@/lib/catalog/schemas';
import { Input } from '../../ui/field';
import { ChosenSummary, type ChosenTemplate } from './chosen-template';
import { TemplatePager } from './template-pager';
import { TemplateResults } from './template-results';
import { MAX_SEARCH_LENGTH, PICKER_PAGE_SIZE, SEARCH_DELAY_MS, resultSummary, searchTerm } from './template-search';
import { Card } from '../../ui/card';

/**
 * The whole catalog, searched and paged by the API. The chosen template is summed up above the
 * results, so it stays in view whatever page or search is on screen; once one is chosen (by a
 * link, or coming back from the review) the results fold away until the sender asks to change.
 */
export function TemplatePicker({ chosen, onChoose }: { chosen: ChosenTemplate; onChoose(t: SignTemplate): void }) {
  const listId = useId();
  const searchId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  // Unfolded by the sender; choosing from the results keeps them open, so arrow keys can go on through the group.
  const [expanded, setExpanded] = useState(false);
  const settled = chosen.kind === 'loading' || (chosen.kind === 'ready' && chosen.reason === null);
  const open = expanded || !settled;
  const list = useQuery({ ...catalogListQuery('document-sign-templates', { page, size: PICKER_PAGE_SIZE, q }), enabled: open });

  const term = searchTerm(text);
  const search = (next: string | undefined) => {
    setQ(next);
    setPage(1);
  };
  useEffect(() => {
    if (term === null || term === q) return;
    const timer = setTimeout(() => {
      setQ(term);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [term, q]);

  const clearSearch = () => {
    setText('');
    search(undefined);
    // The Clear button goes away with the empty result: the search box takes the focus instead.
    document.getElementById(searchId)?.focus();
  };
  const count = list.isPending
    ? 'Loading templates…'
    : list.isError
      ? ''
      : list.isPlaceholderData
        ? 'Updating…'
        : resultSummary(q, list.data.pagination);
  const chosenId = chosen.kind === 'ready' ? chosen.template.id : chosen.kind === 'none' ? null : chosen.id;

  return (
    <Card as="fieldset" className="min-w-0 p-5">
      <legend className="float-left mb-1 w-full text-base font-semibold text-slate-900">Template</legend>
      <p className="clear-both mb-3 text-sm text-slate-600">
        The document to send; its fields and signer roles shape the form below.
      </p>
      <div className="flex flex-col gap-4">
        <ChosenSummary chosen={chosen} listOpen={open} listId={listId} onToggleList={() => setExpanded(!open)} />
        <div id={listId} hidden={!open} className="flex flex-col gap-3">
          {open && (
            <>
              <div role="search" className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
                <div className="w-full sm:max-w-sm">
                  <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-slate-800">
                    Search templates
                  </label>
                  <Input
                    id={searchId}
                    type="search"
                    value={text}
                    onChange={(e) => setText(e.target.value)}
                    // Enter searches at once instead of waiting for the pause.
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' && term !== null) search(term);
                    }}
                    aria-invalid={term === null || undefined}
                    placeholder="Template name"
                    autoComplete="off"
                  />
                  {term === null && (
                    <p role="alert" className="mt-1 text-xs font-medium text-red-700">
                      Search is limited to {MAX_SEARCH_LENGTH} characters ({text.trim().length} typed).
                    </p>
                  )}
                </div>
                {/* Heard after each search; with no result the empty state below says it for the eye. */}
                <p aria-live="polite" className={list.data?.pagination.total === 0 ? 'sr-only' : 'text-sm text-slate-600'}>
                  {count}
                </p>
              </div>
              <TemplateResults
                list={list}
                q={q}
                chosenId={chosenId}
                onChoose={(t) => {
                  setExpanded(true);
                  onChoose(t);
                }}
                onClearSearch={clearSearch}
                onFirstPage={() => setPage(1)}
              />
              {list.data && <TemplatePager pagination={list.data.pagination} onPage={setPage} />}
            </>
          )}
        </div>
      </div>
    </Card>
  );
}
