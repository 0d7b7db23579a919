import { conflict, notFound } from '../http/errors.ts';
import type { Services } from '../services.ts';
import type { RequestFormRecord, SubmissionSchema, SubmissionSchemaRecord, WorkflowRecord, WorkflowRelease } from './catalog.ts';

export interface PublishRelease {
  workflowId: string;
  /** the new release's submission schema, already checked; absent: the current one again */
  schema?: SubmissionSchema;
}

/**
 * What the platform's workflow designer does (DESIGN.md section 4): one more release, which
 * becomes current, so the previous one is stale for new submissions (approval-request-submit.ts).
 * Older releases and their schemas stay as they were: requests started on them keep their
 * snapshot (spec section 9). The workflow, the schema and the form are written in one
 * transaction, so a crash never leaves a current release without its schema.
 */
export function publishWorkflowRelease(services: Services, input: PublishRelease): WorkflowRecord {
  const { records, clock } = services;
  return records.tx(() => {
    // The control plane stands for the platform: any app's workflow, as the reviewer's actions.
    const workflow = records.get<WorkflowRecord>('approval_workflow', input.workflowId);
    if (!workflow) throw notFound(`Approval workflow ${JSON.stringify(input.workflowId.slice(0, 100))}`);
    if (workflow.status === 'archived') {
      throw conflict(
        'WORKFLOW_ARCHIVED',
        `Approval workflow ${workflow.id} is archived (since ${workflow.archived_at ?? 'an unknown time'}), so no new release can be published for it.`,
      );
    }
    const current = records.get<SubmissionSchemaRecord>('submission_schema', workflow.workflow_release_id);
    if (!current) throw new Error(`submission schema ${workflow.workflow_release_id} is missing`);
    const at = clock.iso();
    const previous = workflow.releases.find((r) => r.release === workflow.current_release)!;
    const number = Math.max(...workflow.releases.map((r) => r.release)) + 1;
    const release: WorkflowRelease = {
      release: number,
      workflow_release_id: `${workflow.id}@${number}`,
      // A new schema is a new form; the same schema is the same form, published again.
      form_version: previous.form_version + (input.schema ? 1 : 0),
      published_version: previous.published_version + 1,
      published_at: at,
    };
    records.insert<SubmissionSchemaRecord>('submission_schema', {
      id: release.workflow_release_id,
      workflow_id: workflow.id,
      release: number,
      schema: input.schema ?? current.schema,
    });
    followForm(services, workflow, release.form_version, at);
    const { release: _n, ...fields } = release;
    return records.update<WorkflowRecord>('approval_workflow', {
      ...workflow,
      ...fields,
      current_release: number,
      releases: [...workflow.releases, release],
      updated_at: at,
    });
  });
}

/** The workflow's request form shows the form version its current release runs on, as seeded. */
function followForm(services: Services, workflow: WorkflowRecord, formVersion: number, at: string): void {
  const form = services.records.get<RequestFormRecord>('request_form', workflow.request_form_id);
  // A copied workflow may borrow another's form: only the form's own workflow moves it.
  if (!form || form.workflow_id !== workflow.id || form.form_version === formVersion) return;
  services.records.update<RequestFormRecord>('request_form', { ...form, form_version: formVersion, updated_at: at });
}
