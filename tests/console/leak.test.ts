import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { unsealData } from 'iron-session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestConsole, PASSWORD, type ConsoleReply, type TestConsole } from './harness';
import { MUTATING_ROUTES } from './route-table';
import { accessRequest, idem, ndaBody, sendViaConsole, setFaults, submittedRequest, uploadedDocument } from './console-fixtures';

// Secrets must never reach the browser or the log (DESIGN.md section 5): the session
// password, the API key, the control token and every hosted-editor session id the console
// held. Every route is exercised, pages and their RSC payloads fetched, the build's static
// files and the console's log read, and each canary looked for raw, URL-encoded and base64.

const SESSION_PASSWORD = `CANARYSESSIONPASSWORD-${randomBytes(16).toString('hex')}`;
const PAGES = [
  '/',
  '/sign-in',
  '/catalog',
  '/catalog/categories',
  '/documents',
  '/packages',
  '/packages/drafts',
  '/packages/recipients',
  '/packages/bulk',
  '/packages/bulk/new?template=dst_nda',
  '/approvals',
  '/admin',
  '/admin/users',
  '/admin/audit',
];

let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole({ env: { SESSION_PASSWORD, LOG_LEVEL: 'trace' } });
});
afterAll(async () => c?.close());

const collected: Buffer[] = [];
let replies = 0;
const sessionIds = new Set<string>();

function keep(reply: ConsoleReply): ConsoleReply {
  replies++;
  collected.push(Buffer.from([...reply.headers].map(([k, v]) => `${k}: ${v}`).join('\n')), reply.bytes);
  return reply;
}
const call = async (method: string, path: string, opts: Parameters<TestConsole['call']>[2] = {}) =>
  keep(await c.call(method, path, opts));
const get = (path: string, cookie = c.cookies.admin) => call('GET', path, { cookie });
const post = (path: string, body?: unknown, cookie = c.cookies.admin, method = 'POST') =>
  call(method, path, { cookie, body, idempotencyKey: idem('leak') });

/** Every hosted-editor id the console holds, unsealed from its database with the canary password. */
async function noteSessionIds() {
  const file = new Database(join(c.dataDir, 'console.db'));
  try {
    for (const row of file.prepare('SELECT sealed_session FROM editor_sessions').all() as { sealed_session: string }[]) {
      // Seals carry the id of the password that made them (server/auth/session-keys.ts).
      const id = row.sealed_session.split('*')[1]!;
      const { sid } = await unsealData<{ sid?: string }>(row.sealed_session, {
        password: { [id]: SESSION_PASSWORD },
        ttl: 2 * 3600,
      });
      if (sid) sessionIds.add(sid);
    }
  } finally {
    file.close();
  }
}

/** The forms a secret could take on the way out: raw, URL-encoded, base64 at any alignment. */
function formsOf(secret: string): string[] {
  const forms = new Set([secret, encodeURIComponent(secret)]);
  for (const shift of [0, 1, 2]) {
    const bytes = Buffer.concat([Buffer.alloc(shift, 0), Buffer.from(secret)]);
    for (const encoding of ['base64', 'base64url'] as const) {
      const text = bytes.toString(encoding).replace(/=+$/, '');
      forms.add(text.slice(shift ? 4 : 0, -4));
    }
  }
  return [...forms];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

async function fetchPage(path: string, headers: Record<string, string> = {}) {
  let at = path;
  for (let hop = 0; hop < 5; hop++) {
    const reply = await call('GET', at, { cookie: c.cookies.admin, headers });
    const location = reply.headers.get('location');
    if (reply.status < 300 || reply.status >= 400 || !location) return reply;
    const next = new URL(location, c.url);
    at = `${next.pathname}${next.search}`;
  }
  throw new Error(`too many redirects from ${path}`);
}

let publicToken = '';

async function tour() {
  // Reads, as every role.
  const reads = [
    '/api/auth/me',
    '/api/health',
    '/api/health/live',
    '/api/categories?q=fin',
    '/api/categories/cat_finance',
    '/api/request-templates',
    '/api/request-templates/rt_leave',
  ];
  reads.push(
    '/api/approval-workflows?category_id=cat_hr',
    '/api/approval-workflows/wf_leave',
    '/api/approval-workflows/wf_leave/releases/2/submission-schema',
    '/api/request-forms',
    '/api/request-forms/rf_leave',
  );
  reads.push(
    '/api/document-sign-templates',
    '/api/document-sign-templates/dst_nda',
    '/api/document-sign-templates/dst_nda/content',
    '/api/documents',
    '/api/packages',
    '/api/package-drafts',
    '/api/recipients',
    '/api/recipients/export',
    '/api/bulk-batches',
    '/api/request-drafts',
    '/api/approval-requests',
    '/api/sandbox',
  );
  for (const cookie of Object.values(c.cookies)) for (const path of reads) await get(path, cookie);
  await get('/api/categories?size=7');
  await get('/api/categories/cat_missing');

  // Catalog administration.
  const category = await post('/api/categories', { name: 'Leak check', description: 'Canary tour' });
  await post(`/api/categories/${category.body.id}/archive`, { reason: 'Tour finished' });
  await post('/api/request-forms/rf_purchase/archive', { reason: 'Tour finished' });
  await post('/api/approval-workflows/wf_purchase/archive', { reason: 'Tour finished' });

  // Documents and the hosted editor, including conflicts, expiry and upstream failures.
  const { doc } = await uploadedDocument(c, 2, 'SIGNATURE_TARGET');
  const op = c.cookies.operator;
  await get(`/api/documents/${doc.id}`);
  await post(`/api/documents/${doc.id}/content`);
  await noteSessionIds();
  await post(`/api/documents/${doc.id}/editor`, { purpose: 'Canary layout' }, op);
  await noteSessionIds();
  await get(`/api/documents/${doc.id}/editor`, op);
  await get(`/api/documents/${doc.id}/editor/document`, op);
  const field = { id: 'f1', type: 'signature', page: 1, x: 72, y: 72, width: 150, height: 40, slot_id: 's1', required: true };
  await post(
    `/api/documents/${doc.id}/editor/commands`,
    { type: 'SAVE_LAYOUT', expectedVersion: 0, layout: { fields: [field] } },
    op,
  );
  await post(
    `/api/documents/${doc.id}/editor/commands`,
    { type: 'SAVE_LAYOUT', expectedVersion: 0, layout: { fields: [field] } },
    op,
  );
  await post(
    `/api/documents/${doc.id}/editor/commands`,
    { type: 'SAVE_LAYOUT', expectedVersion: 1, layout: { fields: [{ ...field, page: 7 }] } },
    op,
  );
  await post('/api/sandbox/faults', {
    rules: [{ method: '*', path: '/api/v1/hosted-editor/*', status: 500, code: 'EDITOR_DOWN' }],
  });
  await get(`/api/documents/${doc.id}/editor`, op);
  await post(`/api/documents/${doc.id}/content`);
  await post('/api/sandbox/faults', {
    rules: [{ method: '*', path: '/api/v1/hosted-editor/*', status: 404, code: 'NOT_FOUND' }],
  });
  await post(`/api/documents/${doc.id}/editor/commands`, { type: 'COMPLETE', expectedVersion: 1 }, op);
  await post('/api/sandbox/faults', { rules: [] });
  await post('/api/sandbox/clock', { advance_seconds: 3600 });
  await post(`/api/documents/${doc.id}/editor/commands`, { type: 'COMPLETE', expectedVersion: 1 }, op);
  await get(`/api/documents/${doc.id}/editor`, op);
  await post(`/api/documents/${doc.id}/content`);
  await noteSessionIds();
  await post(`/api/documents/${doc.id}/editor`, {}, op);
  await noteSessionIds();
  await post(`/api/documents/${doc.id}/editor/commands`, { type: 'COMPLETE', expectedVersion: 1 }, op);
  const spare = await uploadedDocument(c, 1);
  await post(`/api/documents/${spare.doc.id}/editor`, undefined, op);
  await noteSessionIds();
  await post(`/api/documents/${spare.doc.id}`, { reason: 'Canary tour clean-up' }, op, 'DELETE');

  // Packages.
  // Kept: the receipt is what the sender's browser does get (the scan's own control).
  const previewed = await call('POST', '/api/packages/preview', { cookie: c.cookies.sender, body: ndaBody() });
  const preview = { ...(previewed.body as { preview_token: string }), template_id: 'dst_nda' };
  publicToken = preview.preview_token;
  await post(
    '/api/packages/preview/document',
    { template_id: preview.template_id, preview_token: preview.preview_token },
    c.cookies.sender,
  );
  const key = idem('send');
  const pkg = keep(await sendViaConsole(c, preview, key));
  keep(await sendViaConsole(c, preview, key));
  await get(`/api/packages/${pkg.body.id}`);
  await post(`/api/packages/${pkg.body.id}/archive`, { reason: 'Too early to archive' }, c.cookies.sender);
  await post(`/api/sandbox/packages/${pkg.body.id}/actions`, { action: 'deliver' });
  await post(`/api/sandbox/packages/${pkg.body.id}/actions`, { action: 'complete' });
  await post(`/api/packages/${pkg.body.id}/archive`, { reason: 'Completed, archiving' }, c.cookies.sender);
  await get('/api/packages?archived=only');

  // Approval requests and a revision round.
  const request = await submittedRequest(c, accessRequest());
  await get(`/api/approval-requests/${request.id}`);
  await get(`/api/approval-requests/${request.id}/revision-requirements`);
  await post(`/api/sandbox/approval-requests/${request.id}/actions`, {
    action: 'request_revision',
    requirements: [{ message: 'More detail' }],
  });
  const reqs = await get(`/api/approval-requests/${request.id}/revision-requirements`);
  const revision = {
    expected_version: reqs.body.version,
    expected_task_version: reqs.body.task.version,
    form_data: accessRequest().form_data,
  };
  await post(`/api/approval-requests/${request.id}/revision-draft`, revision, op, 'PATCH');
  await post(`/api/approval-requests/${request.id}/resubmit`, revision, op);
  const fresh = await get(`/api/approval-requests/${request.id}/revision-requirements`);
  await post(
    `/api/approval-requests/${request.id}/resubmit`,
    { ...revision, expected_version: fresh.body.version, expected_task_version: fresh.body.task.version },
    op,
  );

  // Administration, the audit log and its export.
  const user = await post('/api/admin/users', {
    email: 'leak@test.local',
    name: 'Leak',
    password: 'a-long-enough-password',
    roles: ['viewer'],
  });
  await post(`/api/admin/users/${user.body.id}`, { roles: ['viewer', 'sender'] }, c.cookies.admin, 'PATCH');
  await post(`/api/admin/users/${user.body.id}`, { disabled: true }, c.cookies.admin, 'PATCH');
  await get('/api/admin/users');
  await get('/api/admin/audit?size=100');
  await get('/api/admin/audit/export');

  // Upstream failures of every kind the console maps.
  for (const status of [500, 503, 429, 401, 403]) {
    await setFaults(c, [{ method: 'GET', path: '/api/v1/categories', status, retry_after: 0 }]);
    await get('/api/categories');
  }
  await setFaults(c, []);

  // Refusals: no session, wrong origin, invalid bodies on every mutating route.
  for (const route of MUTATING_ROUTES) {
    await call(route.method, route.path, { body: { reason: 'a proper reason' } });
    await call(route.method, route.path, { cookie: c.cookies.admin, body: route.invalid, origin: 'https://attacker.example' });
    await post(route.path, route.invalid, c.cookies.admin, route.method);
  }
  keep((await c.signIn('admin@test.local', 'wrong-password-1')).reply);
  await call('POST', '/api/auth/sign-out', { cookie: (await c.signIn('viewer@test.local', PASSWORD)).cookie });
}

// The tour visits every route and page: minutes on a loaded machine.
describe('secrets stay on the server', { timeout: 240_000 }, () => {
  it('leaves no canary in any response, page, RSC payload, static file or log line', async () => {
    await tour();
    expect(sessionIds.size).toBeGreaterThanOrEqual(3);
    let pages = 0;
    let flight = 0;
    for (const path of PAGES) {
      await fetchPage(path);
      const rsc = await fetchPage(path, { RSC: '1' });
      if (rsc.status === 200 && rsc.headers.get('content-type')?.startsWith('text/x-component')) flight++;
      keep(await c.call('GET', path));
      pages += 2;
    }
    expect(flight).toBeGreaterThan(0);
    const staticDir = join(process.env.NEXT_DIST_DIR || '.next', 'static');
    const staticFiles = filesUnder(staticDir).map((f) => readFileSync(f));
    const log = readFileSync(c.logFile);
    expect(log.toString()).toContain('signing api call failed');

    // The scan itself must be able to see: a receipt the browser does get, and a secret
    // hidden in base64 at any alignment.
    const seen = (buffers: Buffer[], secret: string) => formsOf(secret).some((form) => buffers.some((b) => b.includes(form)));
    expect(seen(collected, publicToken)).toBe(true);
    for (const pad of ['', 'x', 'xy'])
      expect(seen([Buffer.from(Buffer.from(`${pad}${SESSION_PASSWORD}!`).toString('base64'))], SESSION_PASSWORD)).toBe(true);
    expect(seen([Buffer.from(encodeURIComponent(`a ${c.apiKey}`))], c.apiKey)).toBe(true);

    const canaries: Record<string, string> = {
      'session password': SESSION_PASSWORD,
      'API key': c.apiKey,
      'control token': c.sandbox.controlToken,
      'account password': PASSWORD,
    };
    [...sessionIds].forEach((sid, i) => (canaries[`editor session ${i + 1}`] = sid));
    const where = { responses: collected, 'static files': staticFiles, log: [log] };
    const found: string[] = [];
    for (const [name, secret] of Object.entries(canaries)) {
      for (const form of formsOf(secret)) {
        for (const [place, buffers] of Object.entries(where)) {
          const hits = buffers.filter((b) => b.includes(form)).length;
          if (hits) found.push(`${name} (${form === secret ? 'raw' : form}) in ${hits} of the ${place}`);
        }
      }
    }
    const bytes = (list: Buffer[]) => list.reduce((n, b) => n + b.length, 0);
    console.log(
      `leak scan: ${Object.keys(canaries).length} canaries x ${formsOf(SESSION_PASSWORD).length} forms over ${replies} replies (${bytes(collected)} bytes, ` +
        `${pages} page and RSC fetches), ${staticFiles.length} static files (${bytes(staticFiles)} bytes), log ${log.length} bytes: ${found.length} found`,
    );
    expect(found).toEqual([]);
  });
});
