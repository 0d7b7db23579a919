import { randomBytes } from 'node:crypto';
import type { ApprovalLayer } from './catalog.ts';

// Statuses beyond the spec's three named ones are this sandbox's decision: APPROVED and
// REJECTED are terminal. DRAFT, IN_PROGRESS and NEEDS_REVISION count as active (in use).
export const REQUEST_STATUSES = ['DRAFT', 'IN_PROGRESS', 'NEEDS_REVISION', 'APPROVED', 'REJECTED'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** A status as messages say it ("in progress"): people read these messages in the console. */
export const inWords = (status: string) => status.replace(/_/g, ' ').toLowerCase();
export const ACTIVE_STATUSES: readonly RequestStatus[] = ['DRAFT', 'IN_PROGRESS', 'NEEDS_REVISION'];

export type Decision = 'APPROVED' | 'REJECTED' | 'REVISION_REQUESTED';
export type FormData = Record<string, unknown>;

export interface RequestDocument {
  document_id: string;
  field_key: string;
  name: string;
  sign_actor_ids?: string[];
}

/** One visit of an approval layer; a layer re-entered after a revision gets a new entry. */
export interface VisitedStep {
  layer: number; // 1-based position in approval_layers
  name: string;
  entered_at: string;
  decided_at: string | null;
  decision: Decision | null;
  comment: string | null;
}

export interface DecisionEntry {
  layer: number;
  name: string;
  decision: Decision;
  comment: string | null;
  at: string;
}

export interface Requirement {
  field_key?: string;
  message: string;
}

export interface RevisionTask {
  id: string;
  version: number;
  /** the layer that asked for the revision; resubmission returns there */
  layer: number;
  requested_at: string;
  requirements: Requirement[];
  comment: string | null;
  draft: { form_data: FormData; documents: RequestDocument[] } | null;
}

export interface ApprovalRequestRecord {
  id: string;
  external_id: string;
  status: RequestStatus;
  version: number;
  request_revision: number;
  workflow_id: string;
  workflow_name: string;
  workflow_release_id: string;
  form_version: number;
  published_version: number;
  /** snapshot taken at creation: later releases or archiving never change a started request */
  approval_layers: ApprovalLayer[];
  accepts_per_document_signing: boolean;
  form_data: FormData;
  documents: RequestDocument[];
  visited_steps: VisitedStep[];
  current_layer: number | null;
  sla: { layer: number; due_at: string } | null;
  decisions: DecisionEntry[];
  revision_task: RevisionTask | null;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  completed_at: string | null;
}

export const newRequestId = () => `ar_${randomBytes(10).toString('hex')}`;
export const newTaskId = () => `rvt_${randomBytes(10).toString('hex')}`;

/** The answer shape: stored record plus what depends on the clock or on the status. */
export function viewRequest(r: ApprovalRequestRecord, now: number) {
  const active = ACTIVE_STATUSES.includes(r.status);
  const current = r.current_layer === null ? null : r.approval_layers[r.current_layer - 1];
  return {
    ...r,
    current_layer_name: current?.name ?? null,
    sla: r.sla ? { ...r.sla, breached: now > Date.parse(r.sla.due_at) } : null,
    // The layers a request would still pass through in order. Rules of the real service may
    // skip some, so this is no promise that every one will be visited (spec section 2).
    ...(active ? { remaining_approval_layers: r.approval_layers.slice(r.current_layer ?? 0).map((l) => l.name) } : {}),
  };
}
export type ApprovalRequestView = ReturnType<typeof viewRequest>;
