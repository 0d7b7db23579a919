import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, newIdemKey, startTestSandbox, type TestSandbox } from './harness.ts';

// Category creation and archiving (spec sections 2, 4 and 8).

let sb: TestSandbox;
let admin: string;

beforeAll(async () => {
  sb = await startTestSandbox();
  admin = await sb.newKey({ role: 'admin' });
});
afterAll(async () => sb?.close());

const create = (body: unknown, key = admin) => sb.call('POST', '/api/v1/categories', { key, idempotencyKey: newIdemKey(), body });
const archive = (id: string, body: unknown, key = admin) =>
  sb.call('POST', `/api/v1/categories/${id}/archive`, { key, idempotencyKey: newIdemKey(), body });
const total = async (status?: string) =>
  (await sb.call('GET', `/api/v1/categories${status ? `?status=${status}` : ''}`, { key: admin })).body.pagination
    .total as number;

describe('POST /api/v1/categories', () => {
  it('creates a category, says no form was created and no key widened, and shows it only to its own app', async () => {
    const res = await create({ name: '  Marketing  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Marketing',
      description: '',
      status: 'active',
      request_form_created: false,
      key_scope_expanded: false,
      archived_at: null,
    });
    expect(res.body.id).toMatch(/^cat_/);
    const read = await sb.call('GET', `/api/v1/categories/${res.body.id}`, { key: admin });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: res.body.id, name: 'Marketing', status: 'active' });
    const other = await sb.newKey({ scopes: ['catalog:read'] });
    expectError(await sb.call('GET', `/api/v1/categories/${res.body.id}`, { key: other }), 404, 'NOT_FOUND');
  });

  it('accepts the bounds: 2 and 100 characters of name, 500 of description', async () => {
    expect((await create({ name: 'Ab' })).status).toBe(200);
    const long = await create({ name: 'N'.repeat(100), description: 'd'.repeat(500) });
    expect(long.status).toBe(200);
    expect(long.body.description).toHaveLength(500);
  });

  it.each([
    ['a 1-character name', { name: 'A' }, 'name'],
    ['a name that is 1 character once trimmed', { name: '  A  ' }, 'name'],
    ['a 101-character name', { name: 'N'.repeat(101) }, 'name'],
    ['a 501-character description', { name: 'Valid name', description: 'd'.repeat(501) }, 'description'],
    ['a missing name', { description: 'no name' }, 'name'],
    ['a numeric name', { name: 42 }, 'name'],
    ['a null description', { name: 'Valid name', description: null }, 'description'],
    ['a control character in the name', { name: 'Bad\u0007name' }, 'name'],
  ])('refuses %s with 422 naming the field, and changes nothing', async (_label, body, field) => {
    const before = await total();
    const error = expectError(await create(body), 422, 'VALIDATION_FAILED');
    expect(error.details?.map((d) => d.path)).toContain(field);
    expect(await total()).toBe(before);
  });

  it('refuses an unknown property and names it', async () => {
    const before = await total();
    const error = expectError(await create({ name: 'Colourful', color: 'red' }), 422, 'VALIDATION_FAILED');
    expect(JSON.stringify(error.details)).toContain('color');
    expect(await total()).toBe(before);
  });

  it('refuses bodies that are not a JSON object, without a 500 and without a change', async () => {
    const before = await total();
    for (const body of [[], 'name', 7, null]) expectError(await create(body), 422, 'VALIDATION_FAILED');
    const post = (init: { rawBody?: string; headers?: Record<string, string> }) =>
      sb.call('POST', '/api/v1/categories', { key: admin, idempotencyKey: newIdemKey(), ...init });
    expectError(await post({}), 422, 'VALIDATION_FAILED');
    expectError(await post({ rawBody: '{"name":', headers: { 'content-type': 'application/json' } }), 400, 'MALFORMED_JSON');
    expectError(await post({ rawBody: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415);
    expect(await total()).toBe(before);
  });

  it('needs an Owner or Admin requester', async () => {
    for (const role of ['member', 'viewer'] as const) {
      const key = await sb.newKey({ role });
      expectError(await create({ name: `By a ${role}` }, key), 403, 'REQUESTER_NOT_AUTHORIZED');
    }
    expect((await sb.call('GET', '/api/v1/categories?q=By%20a', { key: admin })).body.pagination.total).toBe(0);
    const owner = await sb.newKey({ role: 'owner' });
    expect((await create({ name: 'By an owner' }, owner)).status).toBe(200);
  });

  it('refuses an active name already taken by the app or the shared catalog, whatever its case', async () => {
    const before = await total();
    const error = expectError(await create({ name: 'finance' }), 409, 'CATEGORY_NAME_TAKEN');
    expect(error.message).toContain('cat_finance');
    expectError(await create({ name: ' MARKETING ' }), 409, 'CATEGORY_NAME_TAKEN');
    const otherApp = await sb.newKey();
    expectError(await create({ name: 'FINANCE' }, otherApp), 409, 'CATEGORY_NAME_TAKEN');
    expect(await total()).toBe(before);
  });

  it("lets another app use a name this app took: names are unique per app, and the other app's id is never named", async () => {
    const mine = await create({ name: 'Per-app name' });
    const otherApp = await sb.newKey();
    const theirs = await create({ name: 'PER-APP NAME' }, otherApp);
    expect(theirs.status).toBe(200);
    expect(theirs.body.id).not.toBe(mine.body.id);
    const again = expectError(await create({ name: 'per-app name' }, otherApp), 409, 'CATEGORY_NAME_TAKEN');
    expect(again.message).toContain(theirs.body.id);
    expect(again.message).not.toContain(mine.body.id);
  });

  it('lets the name of an archived category be used again', async () => {
    const res = await create({ name: 'travel (RETIRED)' });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('travel (RETIRED)');
  });
});

describe('POST /api/v1/categories/{id}/archive', () => {
  it('archives with a reason and keeps the record readable', async () => {
    const { body: created } = await create({ name: 'To be archived' });
    const res = await archive(created.id, { reason: '  No longer used  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, status: 'archived', archive_reason: 'No longer used' });
    expect(Date.parse(res.body.archived_at)).not.toBeNaN();
    const read = await sb.call('GET', `/api/v1/categories/${created.id}`, { key: admin });
    expect(read.body).toMatchObject({ status: 'archived', archive_reason: 'No longer used' });
    const archived = await sb.call('GET', '/api/v1/categories?status=archived', { key: admin });
    expect(archived.body.data.map((c: { id: string }) => c.id)).toContain(created.id);
    expect((await create({ name: 'To be archived' })).status).toBe(200);
  });

  it('answers 409 ALREADY_ARCHIVED for an archived category', async () => {
    const error = expectError(await archive('cat_travel_old', { reason: 'again' }), 409, 'ALREADY_ARCHIVED');
    expect(error.message).toContain('cat_travel_old');
  });

  it('answers 404 for an unknown category', async () => {
    expectError(await archive('cat_nope', { reason: 'gone' }), 404, 'NOT_FOUND');
  });

  it.each([
    ['no reason', {}],
    ['a blank reason', { reason: '   ' }],
    ['a 501-character reason', { reason: 'r'.repeat(501) }],
    ['a numeric reason', { reason: 5 }],
    ['an unknown property', { reason: 'ok', force: true }],
  ])('refuses %s with 422 and leaves the category active', async (_label, body) => {
    expectError(await archive('cat_legal', body), 422, 'VALIDATION_FAILED');
    expect((await sb.call('GET', '/api/v1/categories/cat_legal', { key: admin })).body.status).toBe('active');
  });

  it('accepts a 500-character reason', async () => {
    const res = await archive('cat_facilities', { reason: 'r'.repeat(500) });
    expect(res.status).toBe(200);
    expect(res.body.archive_reason).toHaveLength(500);
  });

  it('needs the categories:write scope', async () => {
    const reader = await sb.newKey({ scopes: ['catalog:read', 'workflows:archive'] });
    expectError(await archive('cat_it', { reason: 'scope test' }, reader), 403, 'INSUFFICIENT_SCOPE');
    expectError(await create({ name: 'Scope test' }, reader), 403, 'INSUFFICIENT_SCOPE');
  });
});
