import 'server-only';
import { requestDraftLabel } from '@/lib/request-drafts/draft-label';
import {
  REQUEST_DRAFT_BODY_LIMIT,
  createRequestDraftSchema,
  requestDraftValuesSchema,
  updateRequestDraftSchema,
  type RequestDraftSummary,
  type RequestDraftValues,
} from '@/lib/request-drafts/schemas';
import type { DraftKind } from '../drafts/draft-record';
import { draftRoutes } from '../drafts/draft-routes';

/** Approval-request drafts: the new-request form, for a workflow. */
export const requestDrafts: DraftKind<RequestDraftValues, RequestDraftSummary> = {
  kind: 'request',
  idPrefix: 'rdr',
  values: requestDraftValuesSchema,
  label: requestDraftLabel,
  summary: (meta, subject) => ({ ...meta, workflow_id: subject.id, workflow_name: subject.name }),
  gone: 'This draft does not exist (any more): it was submitted or deleted.',
};

/** For those who may submit requests: the API hears of a request only when it is submitted. */
export const requestDraftRoutes = draftRoutes({
  kind: requestDrafts,
  permission: 'approvals:write',
  create: createRequestDraftSchema,
  update: updateRequestDraftSchema,
  maxBodyBytes: REQUEST_DRAFT_BODY_LIMIT,
  input: (b) => ({ subjectId: b.workflow_id, subjectName: b.workflow_name, values: b.values }),
  audited: 'request_draft',
  details: (b) => ({ workflow_id: b.workflow_id, release_id: b.values.release_id }),
});
