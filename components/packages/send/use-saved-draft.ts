'use client';

import { useCallback, useState } from 'react';
import { ConsoleApiError } from '@/lib/api-error';
import { fetchPackageDraft } from '@/lib/package-drafts/queries';
import type { SignTemplate } from '@/lib/catalog/schemas';
import { DRAFT_CONFLICT, DRAFT_NOT_FOUND } from '@/lib/package-drafts/draft-codes';
import type { DraftValues, PackageDraft } from '@/lib/package-drafts/schemas';
import { useCreateDraft, useDeleteDraft, useUpdateDraft } from '@/lib/package-drafts/mutations';
import type { SendFormValues } from './form-model';

/** The draft this form was resumed from or last saved as, at the version last read. */
export interface SavedDraft {
  id: string;
  version: number;
  templateId: string;
  values: DraftValues;
  savedAt: string;
}

export type SaveOutcome = { kind: 'saved' } | { kind: 'conflict'; theirs: PackageDraft } | { kind: 'gone' };

const toSaved = (d: PackageDraft): SavedDraft => ({
  id: d.id,
  version: d.version,
  templateId: d.template_id,
  values: d.values,
  savedAt: d.updated_at,
});

const isCode = (err: unknown, code: string) => err instanceof ConsoleApiError && err.code === code;

/**
 * The send form's server-side draft: the first save creates it, later saves go over it at the
 * version last read. Another tab's save in between answers 409, and the draft as saved there
 * is read again so the sender sees what changed before choosing (DESIGN.md section 6).
 */
export function useSavedDraft(initial: PackageDraft | null, sourcePackageId?: string) {
  const [saved, setSaved] = useState<SavedDraft | null>(() => (initial ? toSaved(initial) : null));
  // `run` is stable across renders, so the callbacks below are too.
  const { run: create } = useCreateDraft();
  const { run: update } = useUpdateDraft();
  const { run: remove } = useDeleteDraft();

  const adopt = useCallback((draft: PackageDraft) => {
    setSaved(toSaved(draft));
    // The address names the draft, so a reload or a copied link resumes it. Next keeps its
    // router in step with replaceState without asking the server for the page again.
    const url = `/packages/new?draft=${encodeURIComponent(draft.id)}`;
    if (`${window.location.pathname}${window.location.search}` !== url) window.history.replaceState(null, '', url);
  }, []);

  const save = useCallback(
    async (template: SignTemplate, values: SendFormValues, overVersion?: number): Promise<SaveOutcome> => {
      const body = { template_id: template.id, template_name: template.name, values };
      if (!saved) {
        // A form started from a package names it in the draft's audit entry.
        adopt(await create(sourcePackageId ? { ...body, source_package_id: sourcePackageId } : body));
        return { kind: 'saved' };
      }
      try {
        adopt(await update({ id: saved.id, input: { ...body, version: overVersion ?? saved.version } }));
        return { kind: 'saved' };
      } catch (err) {
        if (isCode(err, DRAFT_CONFLICT)) {
          try {
            return { kind: 'conflict', theirs: await fetchPackageDraft(saved.id) };
          } catch (readErr) {
            if (!isCode(readErr, DRAFT_NOT_FOUND)) throw readErr;
          }
        } else if (!isCode(err, DRAFT_NOT_FOUND)) throw err;
        // Deleted meanwhile (sent or deleted in another tab): the next save starts a new draft.
        setSaved(null);
        return { kind: 'gone' };
      }
    },
    [saved, adopt, create, update, sourcePackageId],
  );

  /** After the package was sent: the draft became the package. A failure leaves a stale draft, which the list tolerates. */
  const discard = useCallback(async () => {
    if (saved) await remove(saved.id).catch(() => undefined);
  }, [saved, remove]);

  return { saved, save, discard };
}
