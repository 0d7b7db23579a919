import type { Role } from '@/lib/roles';

export interface MutatingRoute {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** the least role allowed; admin may do everything */
  role: Exclude<Role, 'viewer'>;
  /** a body that fails validation (or, for the upload, a non-multipart body) */
  invalid: unknown;
  invalidStatus?: number;
}

// Every mutating console route (sign-in/out aside, which need no role).
export const MUTATING_ROUTES: MutatingRoute[] = [
  { method: 'POST', path: '/api/categories', role: 'admin', invalid: { name: 'x' } },
  { method: 'POST', path: '/api/categories/cat_finance/archive', role: 'admin', invalid: { reason: '' } },
  { method: 'POST', path: '/api/approval-workflows/wf_expense/archive', role: 'admin', invalid: { reason: 'no' } },
  { method: 'POST', path: '/api/request-forms/rf_expense/archive', role: 'admin', invalid: { reason: 'x'.repeat(501) } },
  { method: 'POST', path: '/api/documents', role: 'operator', invalid: { file: 'not multipart' }, invalidStatus: 415 },
  { method: 'DELETE', path: '/api/documents/doc_matrix', role: 'operator', invalid: { reason: 'abc' } },
  { method: 'POST', path: '/api/documents/doc_matrix/editor', role: 'operator', invalid: { purpose: 'x' } },
  {
    method: 'POST',
    path: '/api/documents/doc_matrix/editor/commands',
    role: 'operator',
    invalid: { type: 'NOPE', expectedVersion: 0 },
  },
  {
    method: 'POST',
    path: '/api/packages/preview',
    role: 'sender',
    invalid: { template_id: 'dst_nda', expires_in_days: 0, signers: [] },
  },
  { method: 'POST', path: '/api/packages/preview/document', role: 'sender', invalid: { template_id: 'dst_nda' } },
  {
    method: 'POST',
    path: '/api/packages',
    role: 'sender',
    invalid: { template_id: 'dst_nda', preview_token: 'pt_abcdefgh', confirmed: false },
  },
  { method: 'POST', path: '/api/packages/pkg_matrix/archive', role: 'admin', invalid: { reason: 'abcd' } },
  {
    method: 'POST',
    path: '/api/bulk-batches',
    role: 'sender',
    invalid: { template_id: 'dst_nda', name: '', expires_in_days: '14', rows: [] },
  },
  { method: 'POST', path: '/api/bulk-batches/blk_matrix/actions', role: 'sender', invalid: { action: 'send_all' } },
  {
    method: 'POST',
    path: '/api/bulk-batches/blk_matrix/rows/0/preview',
    role: 'sender',
    invalid: { sender_values: { fee: '1' } },
  },
  {
    method: 'POST',
    path: '/api/bulk-batches/blk_matrix/rows/0/review',
    role: 'sender',
    invalid: { preview_token: 'pt_abcdefgh' },
  },
  { method: 'PUT', path: '/api/bulk-batches/blk_matrix/rows/0', role: 'sender', invalid: { values: { reference: 'x' } } },
  { method: 'POST', path: '/api/bulk-batches/blk_matrix/rows/0/skip', role: 'sender', invalid: { skipped: 'yes' } },
  { method: 'POST', path: '/api/package-drafts', role: 'sender', invalid: { template_id: 'dst_nda' } },
  { method: 'PUT', path: '/api/package-drafts/pdr_matrix', role: 'sender', invalid: { version: 'one', template_id: 'dst_nda' } },
  {
    method: 'PATCH',
    path: '/api/recipients/rcp_matrix',
    role: 'sender',
    invalid: { name: 'Ada', email: 'ada@example.com', phone: '', version: 'one' },
  },
  { method: 'DELETE', path: '/api/recipients/rcp_matrix', role: 'sender', invalid: { version: 0 } },
  { method: 'POST', path: '/api/recipients/import', role: 'sender', invalid: { csv: 42 } },
  { method: 'POST', path: '/api/request-drafts', role: 'operator', invalid: { workflow_id: 'wf_expense' } },
  {
    method: 'PUT',
    path: '/api/request-drafts/rdr_matrix',
    role: 'operator',
    invalid: { version: 'one', workflow_id: 'wf_expense' },
  },
  { method: 'POST', path: '/api/approval-requests', role: 'operator', invalid: { workflow_id: 'wf_expense' } },
  {
    method: 'PATCH',
    path: '/api/approval-requests/ar_matrix/revision-draft',
    role: 'operator',
    invalid: { expected_version: 'one' },
  },
  { method: 'POST', path: '/api/approval-requests/ar_matrix/resubmit', role: 'operator', invalid: { form_data: {} } },
  { method: 'POST', path: '/api/admin/users', role: 'admin', invalid: { email: 'nope', roles: [] } },
  { method: 'PATCH', path: '/api/admin/users/usr_matrix01', role: 'admin', invalid: { roles: ['king'] } },
  { method: 'POST', path: '/api/admin/teams/team_matrix01/assign-packages', role: 'admin', invalid: { user_id: '' } },
  { method: 'POST', path: '/api/approval-requests/ar_matrix/team', role: 'admin', invalid: { team_id: 'HR' } },
  { method: 'POST', path: '/api/documents/doc_matrix/team', role: 'admin', invalid: { team_id: '' } },
  { method: 'POST', path: '/api/packages/pkg_matrix/team', role: 'admin', invalid: { team_id: 'Legal' } },
  { method: 'POST', path: '/api/sandbox/clock', role: 'admin', invalid: { advance_seconds: 0 } },
  { method: 'POST', path: '/api/sandbox/faults', role: 'admin', invalid: { rules: 'all' } },
  { method: 'POST', path: '/api/sandbox/approval-requests/ar_matrix/actions', role: 'admin', invalid: { action: 'bless' } },
  { method: 'POST', path: '/api/sandbox/packages/pkg_matrix/actions', role: 'admin', invalid: { action: 'sign-for-them' } },
  { method: 'POST', path: '/api/sandbox/documents/doc_matrix/sign-template', role: 'admin', invalid: { name: 'x' } },
];

export const ALLOWED: Record<MutatingRoute['role'], Role[]> = {
  operator: ['operator', 'admin'],
  sender: ['sender', 'admin'],
  admin: ['admin'],
};
