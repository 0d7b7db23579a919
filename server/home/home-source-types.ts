import 'server-only';
import type { ApprovalRequest } from '@/lib/approval-requests/schemas';
import type { DocumentItem } from '@/lib/documents/schemas';
import type { SignaturePackage } from '@/lib/packages/schemas';

// What Home's sections read of packages and requests, wherever it comes from: the API's lists
// (home-sources.ts) or what the watcher recorded (watched-sources.ts). Only the fields the
// sections use, so a source that knows less than the API need not pretend to know more.

export type HomePackage = Pick<
  SignaturePackage,
  | 'id'
  | 'status'
  | 'template_id'
  | 'template_name'
  | 'signers'
  | 'sent_at'
  | 'created_at'
  | 'expires_at'
  | 'expires_in_days'
  | 'completed_at'
  | 'declined_at'
  | 'decline_reason'
  | 'expired_at'
>;

export type HomeRequest = Pick<
  ApprovalRequest,
  | 'id'
  | 'external_id'
  | 'status'
  | 'updated_at'
  | 'completed_at'
  | 'revision_task'
  | 'sla'
  | 'workflow_id'
  | 'workflow_name'
  | 'current_layer_name'
>;

export interface HomeList<T> {
  rows: T[];
}

export interface HomeSources {
  /** packages in one status (queued, delivered; completed, declined, expired for "finished") */
  packagesIn(status: string): Promise<HomeList<HomePackage>>;
  /** requests in one status (NEEDS_REVISION, IN_PROGRESS, DRAFT) */
  requestsIn(status: string): Promise<HomeList<HomeRequest>>;
  /** requests of late, to find those decided since the user last looked */
  recentRequests(): Promise<HomeList<HomeRequest>>;
  recentDocuments(): Promise<HomeList<DocumentItem>>;
}
