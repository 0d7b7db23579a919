import type { SignTemplate } from '@/lib/catalog/schemas';
import type { PackageDraft } from '@/lib/package-drafts/schemas';
import { DraftConflictNotice } from '../../drafts/draft-conflict-notice';
import { changedFields, resumeValues } from './draft-model';
import type { SendFormValues } from '@/lib/packages/send-form';

interface DraftConflictProps {
  template: SignTemplate;
  mine: SendFormValues;
  /** the draft as saved elsewhere, read again after the 409 */
  theirs: PackageDraft;
  busy: boolean;
  onOverwrite(): void;
  onLoad(): void;
}

/** A package draft saved elsewhere: the values that differ are named by their labels. */
export function DraftConflict({ template, mine, theirs, ...actions }: DraftConflictProps) {
  const sameTemplate = theirs.template_id === template.id;
  const changed = sameTemplate ? changedFields(template, mine, resumeValues(template, theirs.values)) : [];
  let difference = 'Its values are the same as the ones here.';
  if (!sameTemplate) difference = `It now uses another template: ${theirs.template_name ?? theirs.template_id}.`;
  else if (changed.length > 0) difference = `Different there: ${changed.join(', ')}.`;
  return <DraftConflictNotice savedAt={theirs.updated_at} difference={difference} {...actions} />;
}
