'use client';

import { useCallback, useState } from 'react';
import { ConsoleApiError } from '@/lib/api-error';
import { DRAFT_CONFLICT, DRAFT_NOT_FOUND } from '../drafts/draft-codes';
import type { DraftLike, DraftResource } from '../drafts/draft-api';
import { useCreateDraft, useDeleteDraft, useUpdateDraft } from '../drafts/mutations';

export type SaveOutcome<D> = { kind: 'saved' } | { kind: 'conflict'; theirs: D } | { kind: 'gone' };

const isCode = (err: unknown, code: string) => err instanceof ConsoleApiError && err.code === code;

interface ServerDraftOptions<B> {
  /** the address that resumes a draft, put in the address bar once it is saved */
  url(id: string): string;
  /** what only the first save sends (a package draft names the package it was copied from) */
  onCreate?: Partial<B>;
}

/**
 * A form's draft kept by the console: the first save creates it, later saves go over it at the
 * version last read. Another tab's save in between answers 409, and the draft as saved there
 * is read again so the user sees what changed before choosing (DESIGN.md section 6).
 * `B` is the body of a save without its version.
 */
export function useServerDraft<S extends DraftLike, D extends S, B extends object>(
  resource: DraftResource<S, D, B, B & { version: number }>,
  initial: D | null,
  { url, onCreate }: ServerDraftOptions<B>,
) {
  const [saved, setSaved] = useState<D | null>(initial);
  // `run` is stable across renders, so the callbacks below are too.
  const { run: create } = useCreateDraft(resource);
  const { run: update } = useUpdateDraft(resource);
  const { run: remove } = useDeleteDraft(resource);

  const adopt = useCallback(
    (draft: D) => {
      setSaved(draft);
      // The address names the draft, so a reload or a copied link resumes it. Next keeps its
      // router in step with replaceState without asking the server for the page again.
      const to = url(draft.id);
      if (`${window.location.pathname}${window.location.search}` !== to) window.history.replaceState(null, '', to);
    },
    [url],
  );

  const save = useCallback(
    async (body: B, overVersion?: number): Promise<SaveOutcome<D>> => {
      if (!saved) {
        adopt(await create({ ...body, ...onCreate }));
        return { kind: 'saved' };
      }
      try {
        adopt(await update({ id: saved.id, input: { ...body, version: overVersion ?? saved.version } }));
        return { kind: 'saved' };
      } catch (err) {
        if (isCode(err, DRAFT_CONFLICT)) {
          try {
            return { kind: 'conflict', theirs: await resource.fetch(saved.id) };
          } catch (readErr) {
            if (!isCode(readErr, DRAFT_NOT_FOUND)) throw readErr;
          }
        } else if (!isCode(err, DRAFT_NOT_FOUND)) throw err;
        // Deleted meanwhile (sent, submitted or deleted in another tab): the next save starts a new draft.
        setSaved(null);
        return { kind: 'gone' };
      }
    },
    [saved, adopt, create, update, onCreate, resource],
  );

  /** After the form was sent: the draft became a package or a request. A failure leaves a stale draft, which the list tolerates. */
  const discard = useCallback(async () => {
    if (saved) await remove(saved.id).catch(() => undefined);
  }, [saved, remove]);

  return { saved, save, discard };
}
