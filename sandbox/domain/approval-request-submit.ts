import { z } from 'zod';
import { ApiError, conflict, notFound } from '../http/errors.ts';
import { assertJsonObject, parseWith } from '../http/validate.ts';
import type { Services } from '../services.ts';
import type { CategoryRecord, RequestFormRecord, WorkflowRecord } from './catalog.ts';
import { enterLayer } from './approval-request-flow.ts';
import { checkContent, documentsInput, formDataInput, pinnedSchema, protectDocuments } from './approval-request-input.ts';
import { externalIdTaken } from './approval-request-queries.ts';
import { newRequestId, type ApprovalRequestRecord } from './approval-requests.ts';

const RELEASE_ID = /^(.+)@([1-9]\d{0,5})$/;

const submitBody = z.strictObject({
  workflow_id: z.string().min(1).max(120),
  workflow_release_id: z.string().max(140).regex(RELEASE_ID, 'must have the form <workflow_id>@<release number>'),
  external_id: z
    .string()
    .min(3, 'must be at least 3 characters')
    .max(120, 'must be at most 120 characters')
    .regex(/^[A-Za-z0-9._:-]+$/, 'may contain only letters, digits, period, underscore, colon and hyphen'),
  form_data: formDataInput,
  documents: documentsInput.optional(),
  submit: z.boolean(),
});

const releaseError = (message: string) =>
  new ApiError(422, 'VALIDATION_FAILED', `workflow_release_id: ${message}`, [{ path: 'workflow_release_id', message }]);

/** Resolves the workflow and the pinned release, refusing anything a new request may not start on. */
function resolveRelease(services: Services, appId: string, workflowId: string, releaseId: string) {
  const workflow = services.records.getVisible<WorkflowRecord>('approval_workflow', workflowId, appId);
  if (!workflow) throw notFound('The approval workflow');
  const [, owner, number] = RELEASE_ID.exec(releaseId)!;
  if (owner !== workflow.id) throw releaseError(`belongs to workflow "${owner}", not "${workflow.id}"`);
  const release = workflow.releases.find((r) => r.release === Number(number));
  if (!release) throw releaseError(`workflow "${workflow.id}" has no release ${number}`);
  if (workflow.status === 'archived')
    throw conflict('WORKFLOW_ARCHIVED', `Workflow ${workflow.id} is archived and accepts no new requests.`);
  refuseArchivedForm(services, appId, workflow);
  refuseArchivedCategory(services, appId, workflow);
  if (workflow.runtime !== 'standard') {
    throw new ApiError(
      422,
      'UNSUPPORTED_RUNTIME',
      `Workflow ${workflow.id} runs on the ${workflow.runtime} runtime, which the API does not support.`,
    );
  }
  if (release.release !== workflow.current_release) {
    throw conflict(
      'STALE_WORKFLOW_RELEASE',
      `Release ${releaseId} is stale; the current release is ${workflow.workflow_release_id}. Fetch its submission schema and submit again.`,
      [
        {
          path: 'workflow_release_id',
          message: `stale; current is ${workflow.workflow_release_id}`,
          current_release_id: workflow.workflow_release_id,
        },
      ],
    );
  }
  return { workflow, release };
}

/**
 * The spec lets a request form be archived but says nothing of what follows; DESIGN.md §3
 * decides: an archived form starts nothing new. A workflow's requests start with its form, so
 * a new request on that workflow (submitted or a draft) is refused, naming the form. What
 * already started keeps its snapshot (spec §9): revisions and resubmissions never look here.
 */
function refuseArchivedForm(services: Services, appId: string, workflow: WorkflowRecord): void {
  const form = services.records.getVisible<RequestFormRecord>('request_form', workflow.request_form_id, appId);
  if (form?.status !== 'archived') return;
  throw conflict(
    'REQUEST_FORM_ARCHIVED',
    `Request form ${form.id} ("${form.name}") of workflow ${workflow.id} is archived, so the workflow starts no new requests; requests already started continue.`,
    [{ path: 'workflow_id', message: `its request form ${form.id} is archived`, request_form_id: form.id }],
  );
}

/**
 * DESIGN.md §3 again: an archived category starts nothing new, and a workflow filed under it is
 * how a request would start there. Only new requests are refused; what started keeps its snapshot.
 */
function refuseArchivedCategory(services: Services, appId: string, workflow: WorkflowRecord): void {
  const category = services.records.getVisible<CategoryRecord>('category', workflow.category_id, appId);
  if (category?.status !== 'archived') return;
  throw conflict(
    'CATEGORY_ARCHIVED',
    `Category ${category.id} ("${category.name}") of workflow ${workflow.id} is archived, so the workflow starts no new requests; requests already started continue.`,
    [{ path: 'workflow_id', message: `its category ${category.id} is archived`, category_id: category.id }],
  );
}

// Check order: shape (422), workflow visibility (404), release belongs (422), archived workflow,
// request form or category (409), runtime (422), stale release (409), content (422), external_id uniqueness (409).
export function createApprovalRequest(services: Services, appId: string, body: unknown): ApprovalRequestRecord {
  const input = parseWith(submitBody, assertJsonObject(body));
  const { workflow, release } = resolveRelease(services, appId, input.workflow_id, input.workflow_release_id);
  const schema = pinnedSchema(services, release.workflow_release_id);
  const documents = input.documents ?? [];
  const rules = {
    schema,
    acceptsPerDocumentSigning: workflow.accepts_per_document_signing,
    partial: false,
    requireDocuments: input.submit,
  };
  const formData = checkContent(services, appId, rules, input.form_data, documents);

  return services.records.tx(() => {
    if (externalIdTaken(services, appId, input.external_id)) {
      throw conflict('EXTERNAL_ID_TAKEN', `This app already has an approval request with external_id "${input.external_id}".`);
    }
    const now = services.clock.now();
    const at = services.clock.iso(now);
    const draft: ApprovalRequestRecord = {
      id: newRequestId(),
      external_id: input.external_id,
      status: 'DRAFT',
      version: 1,
      request_revision: 0,
      workflow_id: workflow.id,
      workflow_name: workflow.name,
      workflow_release_id: release.workflow_release_id,
      form_version: release.form_version,
      published_version: release.published_version,
      approval_layers: workflow.layers,
      accepts_per_document_signing: workflow.accepts_per_document_signing,
      form_data: formData,
      documents,
      visited_steps: [],
      current_layer: null,
      sla: null,
      decisions: [],
      revision_task: null,
      created_at: at,
      updated_at: at,
      submitted_at: input.submit ? at : null,
      completed_at: null,
    };
    const record = input.submit ? enterLayer(draft, 1, now) : draft;
    services.records.insert('approval_request', record, appId);
    protectDocuments(services, record.id, documents);
    return record;
  });
}
