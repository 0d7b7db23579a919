import { conflict } from '../http/errors.ts';
import {
  inWords,
  newTaskId,
  type ApprovalRequestRecord,
  type Decision,
  type FormData,
  type RequestDocument,
  type Requirement,
} from './approval-requests.ts';

// Moves of the approval state machine. The spec lists no transitions; these follow the
// reviewer actions of DESIGN.md section 4 and are the sandbox's decision.

const HOUR_MS = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Every change of a request goes through here, so `version` can never be skipped. */
function touch(r: ApprovalRequestRecord, now: number): ApprovalRequestRecord {
  return { ...r, version: r.version + 1, updated_at: iso(now) };
}

/** Enters a layer (1-based) with a fresh SLA; past the last layer the request is approved. */
export function enterLayer(r: ApprovalRequestRecord, layer: number, now: number): ApprovalRequestRecord {
  const spec = r.approval_layers[layer - 1];
  if (!spec) return { ...r, status: 'APPROVED', current_layer: null, sla: null, completed_at: iso(now) };
  return {
    ...r,
    status: 'IN_PROGRESS',
    current_layer: layer,
    visited_steps: [
      ...r.visited_steps,
      { layer, name: spec.name, entered_at: iso(now), decided_at: null, decision: null, comment: null },
    ],
    sla: { layer, due_at: iso(now + spec.sla_hours * HOUR_MS) },
  };
}

/** Closes the open step of the current layer with a decision. */
function decide(r: ApprovalRequestRecord, decision: Decision, comment: string | null, now: number): ApprovalRequestRecord {
  const layer = r.current_layer!;
  const name = r.approval_layers[layer - 1]!.name;
  const steps = r.visited_steps.map((s, i) =>
    i === r.visited_steps.length - 1 && s.decided_at === null ? { ...s, decided_at: iso(now), decision, comment } : s,
  );
  return { ...r, visited_steps: steps, decisions: [...r.decisions, { layer, name, decision, comment, at: iso(now) }], sla: null };
}

export type ReviewerAction =
  | { action: 'approve'; comment?: string }
  | { action: 'reject'; comment?: string }
  | { action: 'request_revision'; comment?: string; requirements: Requirement[] };

/** A simulated human reviewer's decision on the current layer. */
export function applyReviewerAction(r: ApprovalRequestRecord, input: ReviewerAction, now: number): ApprovalRequestRecord {
  if (r.status !== 'IN_PROGRESS' || r.current_layer === null) {
    throw conflict('INVALID_TRANSITION', `Reviewers act only on requests in progress; this one is ${inWords(r.status)}.`);
  }
  const comment = input.comment ?? null;
  const layer = r.current_layer;
  if (input.action === 'approve') return touch(enterLayer(decide(r, 'APPROVED', comment, now), layer + 1, now), now);
  if (input.action === 'reject') {
    const decided = decide(r, 'REJECTED', comment, now);
    return touch({ ...decided, status: 'REJECTED', current_layer: null, completed_at: iso(now) }, now);
  }
  const decided = decide(r, 'REVISION_REQUESTED', comment, now);
  return touch(
    {
      ...decided,
      status: 'NEEDS_REVISION',
      revision_task: {
        id: newTaskId(),
        version: 1,
        layer,
        requested_at: iso(now),
        requirements: input.requirements,
        comment,
        draft: null,
      },
    },
    now,
  );
}

/** Saves the requester's draft answer to the open revision task. */
export function saveDraft(
  r: ApprovalRequestRecord,
  draft: { form_data: FormData; documents: RequestDocument[] },
  now: number,
): ApprovalRequestRecord {
  const task = r.revision_task!;
  return touch({ ...r, revision_task: { ...task, version: task.version + 1, draft } }, now);
}

/** Back to the layer that asked for the revision, with the new content and a new SLA. */
export function resubmit(
  r: ApprovalRequestRecord,
  content: { form_data: FormData; documents: RequestDocument[] },
  now: number,
): ApprovalRequestRecord {
  const layer = r.revision_task!.layer;
  const reopened = enterLayer({ ...r, ...content, revision_task: null, request_revision: r.request_revision + 1 }, layer, now);
  return touch(reopened, now);
}
