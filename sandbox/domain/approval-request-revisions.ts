import { z } from 'zod';
import { ApiError, conflict } from '../http/errors.ts';
import { assertJsonObject, parseWith } from '../http/validate.ts';
import type { Services } from '../services.ts';
import { resubmit, saveDraft } from './approval-request-flow.ts';
import {
  checkContent,
  documentsInput,
  formDataInput,
  pinnedSchema,
  protectDocuments,
  type ContentRules,
} from './approval-request-input.ts';
import { getOwnedRequest } from './approval-request-queries.ts';
import { inWords, type ApprovalRequestRecord, type RevisionTask } from './approval-requests.ts';

const revisionBody = z.strictObject({
  expected_version: z.number().int().min(1),
  expected_task_version: z.number().int().min(1),
  form_data: formDataInput,
  documents: documentsInput.optional(),
});
type RevisionInput = z.output<typeof revisionBody>;

/** The open revision task, or 409 NOT_IN_REVISION: revisions exist only in NEEDS_REVISION. */
export function openTask(r: ApprovalRequestRecord): RevisionTask {
  if (r.status !== 'NEEDS_REVISION' || !r.revision_task) {
    throw conflict('NOT_IN_REVISION', `The approval request is ${inWords(r.status)}; revisions are possible only while it needs revision.`);
  }
  return r.revision_task;
}

export function revisionView(r: ApprovalRequestRecord) {
  const { draft, layer: _layer, ...task } = openTask(r);
  return { request_id: r.id, version: r.version, task, draft };
}

// The current versions travel in the details so a client can re-read and compare, never guess.
function checkVersions(r: ApprovalRequestRecord, task: RevisionTask, input: RevisionInput): void {
  if (input.expected_version === r.version && input.expected_task_version === task.version) return;
  throw new ApiError(
    409,
    'VERSION_CONFLICT',
    `The request changed since it was read (request version ${r.version}, revision task version ${task.version}). Read it again and review the changes before retrying.`,
    [
      { path: 'expected_version', message: `sent ${input.expected_version}, current ${r.version}`, current: r.version },
      {
        path: 'expected_task_version',
        message: `sent ${input.expected_task_version}, current ${task.version}`,
        current: task.version,
      },
    ],
  );
}

// Check order: 404, 409 NOT_IN_REVISION, body shape 422, 409 VERSION_CONFLICT, content 422.
function prepare(services: Services, appId: string, id: string, body: unknown, partial: boolean) {
  const record = getOwnedRequest(services, id, appId);
  const task = openTask(record);
  const input = parseWith(revisionBody, assertJsonObject(body));
  checkVersions(record, task, input);
  const rules: ContentRules = {
    // The request's own pinned release: later releases or an archived workflow do not matter.
    schema: pinnedSchema(services, record.workflow_release_id),
    acceptsPerDocumentSigning: record.accepts_per_document_signing,
    partial,
    requireDocuments: !partial,
  };
  return { input, record, task, rules };
}

/** Saves a partial answer; nothing required yet, types and documents still checked. */
export function saveRevisionDraft(services: Services, appId: string, id: string, body: unknown) {
  const { input, record, task, rules } = prepare(services, appId, id, body, true);
  const documents = input.documents ?? task.draft?.documents ?? record.documents;
  const formData = checkContent(services, appId, rules, input.form_data, documents);
  const updated = saveDraft(record, { form_data: formData, documents }, services.clock.now());
  services.records.update('approval_request', updated);
  return updated;
}

/** Full validation against the pinned schema; omitted documents keep the request's current ones. */
export function resubmitApprovalRequest(services: Services, appId: string, id: string, body: unknown) {
  const { input, record, rules } = prepare(services, appId, id, body, false);
  const documents = input.documents ?? record.documents;
  const formData = checkContent(services, appId, rules, input.form_data, documents);
  return services.records.tx(() => {
    const updated = resubmit(record, { form_data: formData, documents }, services.clock.now());
    services.records.update('approval_request', updated);
    protectDocuments(services, updated.id, documents);
    return updated;
  });
}
