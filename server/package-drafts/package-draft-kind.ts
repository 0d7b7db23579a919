import 'server-only';
import { draftLabel } from '@/lib/package-drafts/draft-label';
import {
  DRAFT_BODY_LIMIT,
  createDraftSchema,
  draftValuesSchema,
  updateDraftSchema,
  type DraftValues,
  type PackageDraftSummary,
} from '@/lib/package-drafts/schemas';
import type { DraftKind } from '../drafts/draft-record';
import { draftRoutes } from '../drafts/draft-routes';

/** Package drafts: the send form, for a template. */
export const packageDrafts: DraftKind<DraftValues, PackageDraftSummary> = {
  kind: 'package',
  idPrefix: 'pdr',
  values: draftValuesSchema,
  label: draftLabel,
  summary: (meta, subject) => ({ ...meta, template_id: subject.id, template_name: subject.name }),
  gone: 'This draft does not exist (any more): it was sent or deleted.',
};

/** For those who may send: a package draft is a package not sent yet. */
export const packageDraftRoutes = draftRoutes({
  kind: packageDrafts,
  permission: 'packages:send',
  create: createDraftSchema,
  update: updateDraftSchema,
  maxBodyBytes: DRAFT_BODY_LIMIT,
  input: (b) => ({ subjectId: b.template_id, subjectName: b.template_name, values: b.values }),
  audited: 'package_draft',
  // A form started from a package names it.
  details: (b) => ({ template_id: b.template_id, ...(b.source_package_id ? { source_package_id: b.source_package_id } : {}) }),
});
