import 'server-only';
import { describe, expect, it } from 'vitest';
import { CATALOG_KINDS, isArchivable } from '@/lib/catalog/kinds';
import { routePattern } from '../metrics/api-routes';
import { upstreamOperation } from '../metrics/upstream-operations';
import { forgetReads, sharedRead, type SharedAnswer } from '../signing-api/client/read-sharing';
import { catalogListQuerySchema } from './kinds';

// The server's places that must know every catalog kind: its list filters, the catalog cache,
// and the metrics' route and operation names. (The upstream record's schema per kind is held to
// every kind by its type: server/signing-api/catalog.ts, CATALOG.)

const answer = (n: number): SharedAnswer => ({ status: 200, requestId: `up_${n}`, date: null, body: { n } });

describe('every catalog kind on the server', () => {
  it('takes the spec’s list filters of each kind, and refuses another kind’s', () => {
    const base = { page: '1', size: '25', q: 'nda' };
    for (const kind of CATALOG_KINDS) expect(catalogListQuerySchema(kind).safeParse(base).success, kind).toBe(true);
    const workflows = catalogListQuerySchema('approval-workflows');
    expect(workflows.safeParse({ ...base, status: 'archived', category_id: 'cat_1', request_template_id: 'rt_1' }).success).toBe(
      true,
    );
    expect(catalogListQuerySchema('categories').safeParse({ ...base, status: 'active' }).success).toBe(true);
    expect(catalogListQuerySchema('categories').safeParse({ ...base, category_id: 'cat_1' }).success).toBe(false);
    for (const kind of ['request-templates', 'request-forms', 'document-sign-templates'] as const)
      expect(catalogListQuerySchema(kind).safeParse({ ...base, status: 'active' }).success, kind).toBe(false);
  });

  it.each(CATALOG_KINDS)('%s is named by the metrics: its console routes and its API operations', (kind) => {
    expect(routePattern(`/api/${kind}`)).toBe(`/api/${kind}`);
    expect(routePattern(`/api/${kind}/x_1`)).toBe(`/api/${kind}/[id]`);
    expect(upstreamOperation('GET', `/${kind}`)).toBe(`GET /${kind}`);
    expect(upstreamOperation('GET', `/${kind}/x_1`)).toBe(`GET /${kind}/{id}`);
    const archived = isArchivable(kind);
    expect(routePattern(`/api/${kind}/x_1/archive`)).toBe(archived ? `/api/${kind}/[id]/archive` : '/api/[...missing]');
    expect(upstreamOperation('POST', `/${kind}/x_1/archive`)).toBe(archived ? `POST /${kind}/{id}/archive` : 'POST other');
  });

  it.each(CATALOG_KINDS)('%s is read from the catalog cache, its list and its records', async (kind) => {
    forgetReads();
    for (const path of [`/${kind}`, `/${kind}/x_1`]) {
      let calls = 0;
      const read = () => Promise.resolve(answer(++calls));
      await sharedRead({ path }, read);
      expect((await sharedRead({ path }, read)).requestId, path).toBe('up_1');
      expect(calls, path).toBe(1);
    }
  });

  it('asks again for what is not the catalog', async () => {
    forgetReads();
    let calls = 0;
    const read = () => Promise.resolve(answer(++calls));
    await sharedRead({ path: '/documents' }, read);
    await sharedRead({ path: '/documents' }, read);
    expect(calls).toBe(2);
  });
});
