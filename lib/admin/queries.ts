import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, qs } from '../api-client.ts';
import { via } from '../api-transport.ts';
import type { ApprovalRequest } from '../approval-requests/schemas.ts';
import { AUDIT_OUTCOMES } from './audit-outcomes.ts';
import type { AuditLogEntry, faultRulesSchema } from './schemas.ts';
import type { Page } from '../list/schemas.ts';
import type { SignaturePackage } from '../packages/schemas.ts';
import type { Role } from '../roles.ts';

// Query options of the Admin area: users and their sign-in throttles, the audit log and the
// sandbox panel (their writes are keyed-mutation hooks in components/admin).

export interface AdminUser {
  id: string;
  email: string;
  name: string;
  roles: Role[];
  disabled: boolean;
  created_at: string;
  updated_at: string;
  /** local: a password set here; oidc: made and kept by the identity provider's sign-ins */
  origin: 'local' | 'oidc';
  last_sign_in_at: string | null;
}

/** An account whose sign-ins are slowed or refused now (GET /api/admin/throttles). */
export interface ThrottledAccount {
  email: string;
  /** attempts counted in the current window */
  attempts: number;
  /** ISO time until which sign-ins stay throttled, unless lifted */
  until: string;
}

export { AUDIT_OUTCOMES };

export interface AuditFilters {
  /** part of an address */
  user?: string;
  outcome?: (typeof AUDIT_OUTCOMES)[number];
  operation?: string;
  from?: string;
  to?: string;
  /** a team's id: entries about it */
  team?: string;
}

/** Every audit filter unset, as a URL update ("Clear filters"). */
export const CLEARED_AUDIT_FILTERS = { user: null, outcome: null, operation: null, from: null, to: null, team: null };

export type AuditPage = Page<AuditLogEntry> & { operations: string[] };

export type FaultRule = z.input<typeof faultRulesSchema>['rules'][number];
export interface SandboxState {
  clock: { now: string };
  faults: { rules: FaultRule[] };
}

export type ReviewerAction = 'request_revision' | 'approve' | 'reject';
export type RecipientAction = 'deliver' | 'complete' | 'decline' | 'expire';

/** The reviewer's view of a request: the record plus what the sandbox adds to it. */
export type ReviewedRequest = ApprovalRequest & {
  workflow_name?: string;
  current_layer_name?: string | null;
  sla?: { layer: number; due_at: string; breached?: boolean } | null;
  decisions?: { layer: number; name: string; decision: string; comment: string | null; at: string }[];
};

export const adminKeys = {
  users: ['admin', 'users'] as const,
  throttles: ['admin', 'throttles'] as const,
  audit: ['admin', 'audit'] as const,
  auditPage: (args: AuditFilters & { page: number; size: number }) => ['admin', 'audit', args] as const,
  sandbox: ['admin', 'sandbox'] as const,
  reviewQueue: (q: string) => ['admin', 'sandbox', 'review-queue', q] as const,
  packages: (args: { page: number; status?: string; q?: string }) => ['admin', 'sandbox', 'packages', args] as const,
};

export const usersQuery = () =>
  queryOptions({
    queryKey: adminKeys.users,
    queryFn: (ctx) => api<{ data: AdminUser[] }>('/api/admin/users', via(ctx)).then((r) => r.data),
  });

// Read again every 30 s while shown: attempts keep arriving, and a throttle ends by itself.
export const throttlesQuery = () =>
  queryOptions({
    queryKey: adminKeys.throttles,
    queryFn: (ctx) => api<{ data: ThrottledAccount[] }>('/api/admin/throttles', via(ctx)).then((r) => r.data),
    staleTime: 0,
    refetchInterval: 30_000,
  });

export const auditQuery = (args: AuditFilters & { page: number; size: number }) =>
  queryOptions({
    queryKey: adminKeys.auditPage(args),
    queryFn: (ctx) => api<AuditPage>(`/api/admin/audit${qs({ ...args })}`, via(ctx)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The CSV export of the same filters, as a plain link (the browser downloads it). */
export const auditExportHref = (filters: AuditFilters) => `/api/admin/audit/export${qs({ ...filters })}`;

export const sandboxQuery = () =>
  queryOptions({ queryKey: adminKeys.sandbox, queryFn: (ctx) => api<SandboxState>('/api/sandbox', via(ctx)), staleTime: 0 });

export const reviewQueueQuery = (q: string) =>
  queryOptions({
    queryKey: adminKeys.reviewQueue(q),
    queryFn: (ctx) =>
      api<Page<ReviewedRequest>>(`/api/approval-requests${qs({ status: 'IN_PROGRESS', size: 100, q })}`, via(ctx)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const sandboxPackagesQuery = (args: { page: number; status?: string; q?: string }) =>
  queryOptions({
    queryKey: adminKeys.packages(args),
    queryFn: (ctx) => api<Page<SignaturePackage>>(`/api/packages${qs({ ...args, size: 25 })}`, via(ctx)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
