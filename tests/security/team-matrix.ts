import { catalogPaths } from '@/lib/catalog/kinds';

// The team leak matrix's entry for every console API route (server/metrics/api-routes.ts): how
// the route is checked for another team's records, or why it holds none. A route added without
// an entry here fails the matrix (tests/security/team-leak.test.ts), so a new route is decided on.

/** The kinds of record a team owns, as the matrix makes one of each per team. */
export type RecordKind = 'package' | 'batch' | 'recipient' | 'request' | 'document';

/** One call of a route: {id} is filled with a record's id (another team's, then a missing one). */
export interface Probe {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

export type MatrixEntry =
  /** Answers lists (and their counts), searches, exports, badge counts or notifications: read by
   * every member, the body must hold nothing of the other team's (ids and what they typed). */
  | { kind: 'list'; probes: Probe[]; shown?: 'home' }
  /** One record by id: the other team's (and one of no team) answers byte for byte what a missing one does. */
  | { kind: 'record'; record: RecordKind; probes: Probe[] }
  /** Refused to every role but admin (who sees every team by design): a member gets 403 whatever the team. */
  | { kind: 'admin'; probes: Probe[] }
  /** Holds no team's records: said why. */
  | { kind: 'none'; why: string };

const revision = { expected_version: 1, expected_task_version: 1, form_data: { system: 'crm' } };
const none = (why: string): MatrixEntry => ({ kind: 'none', why });
const admin = (method: Probe['method'], path: string, body?: unknown): MatrixEntry => ({
  kind: 'admin',
  probes: [{ method, path, body }],
});

/** The missing record of each kind a refusal is compared with. */
export const MISSING: Record<RecordKind, string> = {
  package: 'pkg_nosuchpackage0',
  batch: 'blk_nosuchbatch00',
  recipient: 'rcp_nosuchentry000',
  request: 'ar_nosuchrequest0',
  document: 'doc_nosuchdocument0',
};

const PERSONAL = 'the signed-in person’s own (every query is by their user id), never another’s';
const CATALOG = 'the app’s catalog (templates, workflows, categories): shared by every team by design';

export const TEAM_MATRIX: Record<string, MatrixEntry> = {
  '/api/[...missing]': none('answers 404 for any path: reads nothing'),
  '/api/admin/audit': admin('GET', '/api/admin/audit'),
  '/api/admin/audit/export': admin('GET', '/api/admin/audit/export'),
  '/api/admin/deliveries': admin('GET', '/api/admin/deliveries'),
  '/api/admin/deliveries/[id]/retry': admin('POST', '/api/admin/deliveries/ntf_matrix/retry', {}),
  '/api/admin/jobs': admin('GET', '/api/admin/jobs'),
  '/api/admin/jobs/[id]/retry': admin('POST', '/api/admin/jobs/job_matrix/retry', {}),
  '/api/admin/teams': admin('GET', '/api/admin/teams'),
  '/api/admin/teams/[id]': admin('PATCH', '/api/admin/teams/team_matrix01', { name: 'Taken' }),
  '/api/admin/teams/[id]/archive': admin('POST', '/api/admin/teams/team_matrix01/archive'),
  '/api/admin/teams/[id]/assign-packages': admin('POST', '/api/admin/teams/team_matrix01/assign-packages', {
    user_id: 'usr_x',
  }),
  '/api/admin/teams/[id]/members': admin('POST', '/api/admin/teams/team_matrix01/members', { user_id: 'usr_x' }),
  '/api/admin/teams/[id]/members/[userId]': admin('DELETE', '/api/admin/teams/team_matrix01/members/usr_x'),
  '/api/admin/throttles': admin('GET', '/api/admin/throttles'),
  '/api/admin/throttles/[email]': admin('DELETE', '/api/admin/throttles/a%40example.com'),
  '/api/admin/users': admin('GET', '/api/admin/users'),
  '/api/admin/users/[id]': admin('PATCH', '/api/admin/users/usr_matrix01', { disabled: true }),
  '/api/admin/users/[id]/password': admin('POST', '/api/admin/users/usr_matrix01/password', { password: 'x'.repeat(20) }),
  '/api/approval-requests': {
    kind: 'list',
    probes: [
      { method: 'GET', path: '/api/approval-requests?size=100' },
      { method: 'GET', path: '/api/approval-requests?size=100&q={external_id}' },
      { method: 'GET', path: '/api/approval-requests?size=100&sent_from=2000-01-01' },
    ],
  },
  '/api/approval-requests/[id]': {
    kind: 'record',
    record: 'request',
    probes: [{ method: 'GET', path: '/api/approval-requests/{id}' }],
  },
  '/api/approval-requests/[id]/resubmit': {
    kind: 'record',
    record: 'request',
    probes: [{ method: 'POST', path: '/api/approval-requests/{id}/resubmit', body: revision }],
  },
  '/api/approval-requests/[id]/revision-draft': {
    kind: 'record',
    record: 'request',
    probes: [{ method: 'PATCH', path: '/api/approval-requests/{id}/revision-draft', body: revision }],
  },
  '/api/approval-requests/[id]/revision-requirements': {
    kind: 'record',
    record: 'request',
    probes: [{ method: 'GET', path: '/api/approval-requests/{id}/revision-requirements' }],
  },
  '/api/approval-requests/[id]/team': {
    kind: 'admin',
    probes: [
      { method: 'GET', path: '/api/approval-requests/ar_matrix/team' },
      { method: 'POST', path: '/api/approval-requests/ar_matrix/team', body: { team_id: 'team_matrix01' } },
    ],
  },
  '/api/approval-requests/export': {
    kind: 'list',
    probes: [
      { method: 'GET', path: '/api/approval-requests/export' },
      { method: 'GET', path: '/api/approval-requests/export?q={external_id}' },
    ],
  },
  '/api/approval-workflows/[id]/releases/[release]/submission-schema': none(CATALOG),
  '/api/account/notification-preferences': none(PERSONAL),
  '/api/auth/me': none('the signed-in person’s account and roles'),
  '/api/auth/oidc/callback': none('sign-in: no session yet'),
  '/api/auth/oidc/start': none('sign-in: no session yet'),
  '/api/auth/sign-in': none('sign-in: no session yet'),
  '/api/auth/sign-out': none('ends the session: reads nothing'),
  '/api/bulk-batches': {
    kind: 'list',
    probes: [
      { method: 'GET', path: '/api/bulk-batches' },
      { method: 'GET', path: '/api/bulk-batches?team={team}' },
    ],
  },
  '/api/bulk-batches/[id]': { kind: 'record', record: 'batch', probes: [{ method: 'GET', path: '/api/bulk-batches/{id}' }] },
  '/api/bulk-batches/[id]/actions': {
    kind: 'record',
    record: 'batch',
    probes: [{ method: 'POST', path: '/api/bulk-batches/{id}/actions', body: { action: 'pause' } }],
  },
  '/api/bulk-batches/[id]/export': {
    kind: 'record',
    record: 'batch',
    probes: [{ method: 'GET', path: '/api/bulk-batches/{id}/export' }],
  },
  '/api/bulk-batches/[id]/rows/[position]': {
    kind: 'record',
    record: 'batch',
    // A body the route's schema takes, so the answer is the batch's, not the body's.
    probes: [
      {
        method: 'PUT',
        path: '/api/bulk-batches/{id}/rows/0',
        body: { values: { sender_values: {}, signers: [], expires_in_days: '', reference: '' } },
      },
    ],
  },
  '/api/bulk-batches/[id]/rows/[position]/preview': {
    kind: 'record',
    record: 'batch',
    probes: [{ method: 'POST', path: '/api/bulk-batches/{id}/rows/0/preview', body: {} }],
  },
  '/api/bulk-batches/[id]/rows/[position]/review': {
    kind: 'record',
    record: 'batch',
    // A body the route's schema takes, so the answer is the batch's, not the body's.
    probes: [
      {
        method: 'POST',
        path: '/api/bulk-batches/{id}/rows/0/review',
        body: { preview_token: 'pt_abcdefghijkl', review: { pages: [], sections: [], confirmed_at: '2026-01-01T00:00:00.000Z' } },
      },
    ],
  },
  '/api/bulk-batches/[id]/rows/[position]/skip': {
    kind: 'record',
    record: 'batch',
    probes: [{ method: 'POST', path: '/api/bulk-batches/{id}/rows/0/skip', body: { skipped: true } }],
  },
  '/api/clock': none('the API’s time'),
  '/api/document-sign-templates/[id]/content': none(CATALOG),
  '/api/documents': {
    kind: 'list',
    probes: [
      { method: 'GET', path: '/api/documents?size=100' },
      { method: 'GET', path: '/api/documents?size=100&q={document_name}' },
    ],
  },
  '/api/documents/[id]': {
    kind: 'record',
    record: 'document',
    probes: [
      { method: 'GET', path: '/api/documents/{id}' },
      { method: 'DELETE', path: '/api/documents/{id}', body: { reason: 'Not ours to keep' } },
    ],
  },
  '/api/documents/[id]/content': {
    kind: 'record',
    record: 'document',
    probes: [{ method: 'POST', path: '/api/documents/{id}/content' }],
  },
  '/api/documents/[id]/editor': {
    kind: 'record',
    record: 'document',
    probes: [
      { method: 'GET', path: '/api/documents/{id}/editor' },
      { method: 'POST', path: '/api/documents/{id}/editor', body: {} },
    ],
  },
  '/api/documents/[id]/editor/commands': {
    kind: 'record',
    record: 'document',
    probes: [{ method: 'POST', path: '/api/documents/{id}/editor/commands', body: { type: 'COMPLETE', expectedVersion: 1 } }],
  },
  '/api/documents/[id]/editor/document': {
    kind: 'record',
    record: 'document',
    probes: [{ method: 'GET', path: '/api/documents/{id}/editor/document' }],
  },
  '/api/documents/[id]/team': {
    kind: 'admin',
    probes: [
      { method: 'GET', path: '/api/documents/doc_matrix/team' },
      { method: 'POST', path: '/api/documents/doc_matrix/team', body: { team_id: 'team_matrix01' } },
    ],
  },
  '/api/documents/[id]/templates': {
    kind: 'record',
    record: 'document',
    probes: [{ method: 'GET', path: '/api/documents/{id}/templates' }],
  },
  '/api/health': none('the console’s health'),
  '/api/health/live': none('the console’s health'),
  '/api/insights': {
    kind: 'list',
    probes: [
      { method: 'GET', path: '/api/insights?period=90d' },
      { method: 'GET', path: '/api/insights?period=90d&team={team}' },
    ],
  },
  '/api/insights/export': {
    kind: 'list',
    probes: [
      { method: 'GET', path: '/api/insights/export?period=90d&figure=expiring-soon' },
      { method: 'GET', path: '/api/insights/export?period=90d&figure=template-losses' },
    ],
  },
  '/api/home': { kind: 'list', shown: 'home', probes: [{ method: 'GET', path: '/api/home' }] },
  '/api/home/dismissals': none(PERSONAL),
  '/api/intents': none(PERSONAL),
  '/api/metrics': none('a metrics token’s, never a session’s: counts, no records'),
  '/api/notifications': { kind: 'list', probes: [{ method: 'GET', path: '/api/notifications' }] },
  '/api/notifications/read': none(PERSONAL),
  '/api/package-drafts': none(`drafts stay personal: ${PERSONAL}`),
  '/api/package-drafts/[id]': none(`drafts stay personal: ${PERSONAL}`),
  '/api/packages': {
    kind: 'list',
    probes: [
      { method: 'GET', path: '/api/packages?size=100' },
      { method: 'GET', path: '/api/packages?size=100&q={counterparty}' },
      { method: 'GET', path: '/api/packages?size=100&sent_from=2000-01-01' },
      { method: 'GET', path: '/api/packages?size=100&team={team}' },
    ],
  },
  '/api/packages/[id]': { kind: 'record', record: 'package', probes: [{ method: 'GET', path: '/api/packages/{id}' }] },
  '/api/packages/[id]/archive': admin('POST', '/api/packages/pkg_matrix/archive', { reason: 'Housekeeping now' }),
  '/api/packages/[id]/sending-record': {
    kind: 'record',
    record: 'package',
    probes: [{ method: 'GET', path: '/api/packages/{id}/sending-record' }],
  },
  '/api/packages/[id]/team': {
    kind: 'admin',
    probes: [
      { method: 'GET', path: '/api/packages/pkg_matrix/team' },
      { method: 'POST', path: '/api/packages/pkg_matrix/team', body: { team_id: 'team_matrix01' } },
    ],
  },
  '/api/packages/export': {
    kind: 'list',
    probes: [
      { method: 'GET', path: '/api/packages/export' },
      { method: 'GET', path: '/api/packages/export?q={counterparty}' },
    ],
  },
  '/api/packages/preview': none('previews values typed now against a template: reads no record'),
  '/api/packages/preview/document': none('previews values typed now against a template: reads no record'),
  '/api/packages/reviews/[id]': none(`a review in progress is the reviewer’s: ${PERSONAL}`),
  '/api/queue': none(PERSONAL),
  '/api/recipients': {
    kind: 'list',
    probes: [
      { method: 'GET', path: '/api/recipients?size=100' },
      { method: 'GET', path: '/api/recipients?size=100&q={email}' },
    ],
  },
  '/api/recipients/[id]': {
    kind: 'record',
    record: 'recipient',
    probes: [
      { method: 'DELETE', path: '/api/recipients/{id}', body: { version: 1 } },
      {
        method: 'PATCH',
        path: '/api/recipients/{id}',
        body: { name: 'Taken over', email: 'taken@example.org', phone: '+442071234567', version: 1 },
      },
    ],
  },
  '/api/recipients/export': { kind: 'list', probes: [{ method: 'GET', path: '/api/recipients/export' }] },
  '/api/recipients/import': none('writes into the importer’s own team’s book; answers what it wrote'),
  '/api/request-drafts': none(`drafts stay personal: ${PERSONAL}`),
  '/api/request-drafts/[id]': none(`drafts stay personal: ${PERSONAL}`),
  '/api/sandbox': admin('GET', '/api/sandbox'),
  '/api/sandbox/approval-requests/[id]/actions': admin('POST', '/api/sandbox/approval-requests/ar_matrix/actions', {
    action: 'approve',
  }),
  '/api/sandbox/approval-workflows/[id]/releases': admin('POST', '/api/sandbox/approval-workflows/wf_access/releases', {}),
  '/api/sandbox/clock': admin('POST', '/api/sandbox/clock', { advance_seconds: 60 }),
  '/api/sandbox/documents/[id]/sign-template': admin('POST', '/api/sandbox/documents/doc_matrix/sign-template', {
    name: 'Matrix',
  }),
  '/api/sandbox/faults': admin('POST', '/api/sandbox/faults', { rules: [] }),
  '/api/sandbox/packages/[id]/actions': admin('POST', '/api/sandbox/packages/pkg_matrix/actions', { action: 'deliver' }),
  '/api/saved-views': none(
    'a person’s saved lists and those shared with their own teams (tests/console/shared-views.test.ts): filters, never records; what a view opens is a list checked above',
  ),
  '/api/saved-views/[id]': none('a view its reader made or shares a team with (tests/console/shared-views.test.ts); else 404'),
  '/api/teams/mine': none('the signed-in person’s own teams'),
  '/api/unsubscribe/[token]': none('one person’s signed link, working for them alone: no record of any team'),
  ...Object.fromEntries(catalogPaths({ base: '/api', id: '[id]' }).map((p) => [p, none(CATALOG)])),
};

/**
 * The console's pages of one record. Most draw a shell that reads the record routes above; the
 * sending record and a batch are read on the server. Another team's answers as a missing one does
 * (its status), and its page holds nothing of that team's.
 */
export const TEAM_PAGES: { path: string; record: RecordKind }[] = [
  { path: '/packages/{id}', record: 'package' },
  { path: '/packages/{id}/sending-record', record: 'package' },
  { path: '/packages/bulk/{id}', record: 'batch' },
  { path: '/approvals/{id}', record: 'request' },
  { path: '/documents/{id}', record: 'document' },
  { path: '/documents/{id}/editor', record: 'document' },
];
