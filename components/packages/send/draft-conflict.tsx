import { formatTime } from '@/lib/format';
import type { SignTemplate } from '@/lib/catalog/schemas';
import type { PackageDraft } from '@/lib/package-drafts/schemas';
import { Button } from '../../ui/button';
import { changedFields, resumeValues } from './draft-model';
import type { SendFormValues } from './form-model';

interface DraftConflictProps {
  template: SignTemplate;
  mine: SendFormValues;
  /** the draft as saved elsewhere, read again after the 409 */
  theirs: PackageDraft;
  busy: boolean;
  onOverwrite(): void;
  onLoad(): void;
}

/**
 * Another tab saved this draft after this form read it. What differs is named, and the
 * sender chooses: take the saved one, or knowingly save this form over it.
 */
export function DraftConflict({ template, mine, theirs, busy, onOverwrite, onLoad }: DraftConflictProps) {
  const sameTemplate = theirs.template_id === template.id;
  const changed = sameTemplate ? changedFields(template, mine, resumeValues(template, theirs.values)) : [];
  let difference = 'Its values are the same as the ones here.';
  if (!sameTemplate) difference = `It now uses another template: ${theirs.template_name ?? theirs.template_id}.`;
  else if (changed.length > 0) difference = `Different there: ${changed.join(', ')}.`;
  return (
    <div role="alert" className="rounded-md bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-600/30">
      <p className="font-semibold">
        This draft was saved elsewhere (another tab or window) at {formatTime(theirs.updated_at)}, after you opened it.
      </p>
      <p className="mt-1">{difference}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onLoad} disabled={busy}>
          Load the saved draft
        </Button>
        <Button size="sm" onClick={onOverwrite} busy={busy}>
          Save mine over it
        </Button>
      </div>
    </div>
  );
}
