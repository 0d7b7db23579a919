import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { targetPage } from '../admin/audit-target-pages.ts';
import { AREA_HOMES } from '../area-homes.ts';
import { hitOf, SEARCH_KIND_IDS } from '../search/hits.ts';
import { SEARCH_KINDS } from '../search/search-kinds.ts';
import { catalogKeys, catalogListQuery } from './queries.ts';
import {
  ARCHIVABLE_KINDS,
  CATALOG_KIND_INFO,
  CATALOG_KINDS,
  catalogItemHref,
  catalogListHref,
  catalogPaths,
  isArchivable,
} from './kinds.ts';

// Every place that must know a catalog kind reads the registry; these check each kind is
// reachable there, so a kind added to the registry without its routes or pages fails here.

const root = join(__dirname, '..', '..');
const routeFile = (...segments: string[]) => join(root, 'app', 'api', ...segments, 'route.ts');
const pageFile = (...segments: string[]) => join(root, 'app', '(console)', 'catalog', ...segments, 'page.tsx');

describe('the catalog kinds', () => {
  it('are the five the spec names, in the Catalog tabs’ order', () => {
    expect(CATALOG_KINDS).toEqual([
      'categories',
      'request-templates',
      'approval-workflows',
      'request-forms',
      'document-sign-templates',
    ]);
    for (const kind of CATALOG_KINDS) expect(CATALOG_KIND_INFO[kind].kind).toBe(kind);
  });

  it('are archived where the spec has an archive call, and only there', () => {
    expect([...ARCHIVABLE_KINDS].sort()).toEqual(['approval-workflows', 'categories', 'request-forms']);
    expect(CATALOG_KINDS.filter(isArchivable)).toEqual(ARCHIVABLE_KINDS);
    for (const kind of ARCHIVABLE_KINDS) expect(CATALOG_KIND_INFO[kind].archive?.permission).toBe('catalog:admin');
  });

  it.each(CATALOG_KINDS)('%s has its list and record routes, and its archive route when archivable', (kind) => {
    expect(readFileSync(routeFile(kind), 'utf8')).toContain(`catalogList('${kind}'`);
    expect(readFileSync(routeFile(kind, '[id]'), 'utf8')).toContain(`catalogItem('${kind}'`);
    const archive = routeFile(kind, '[id]', 'archive');
    expect(existsSync(archive), archive).toBe(isArchivable(kind));
    if (isArchivable(kind)) expect(readFileSync(archive, 'utf8')).toContain(`catalogArchive('${kind}'`);
  });

  it.each(CATALOG_KINDS)('%s has its list page and record page', (kind) => {
    expect(existsSync(pageFile(kind)), pageFile(kind)).toBe(true);
    expect(readFileSync(pageFile(kind, '[id]'), 'utf8')).toContain(`kind="${kind}"`);
  });

  it('names the same path at the API, the console’s routes and its pages', () => {
    expect(catalogListHref('request-forms')).toBe('/catalog/request-forms');
    expect(catalogItemHref('request-forms', 'rf/1?x')).toBe('/catalog/request-forms/rf%2F1%3Fx');
    expect(catalogPaths({ base: '/api', id: '[id]' })).toEqual(
      expect.arrayContaining([
        '/api/categories',
        '/api/categories/[id]',
        '/api/categories/[id]/archive',
        '/api/request-templates/[id]',
      ]),
    );
    expect(catalogPaths({ base: '', id: '{id}' })).not.toContain('/request-templates/{id}/archive');
    expect(catalogPaths({ base: '', id: '{id}' })).toHaveLength(CATALOG_KINDS.length * 2 + ARCHIVABLE_KINDS.length);
  });
});

describe('the places that read the registry', () => {
  it('search finds every kind, after packages, requests and documents, linking to the record’s page', () => {
    expect(SEARCH_KIND_IDS).toEqual([
      'packages',
      'approval-requests',
      'documents',
      'document-sign-templates',
      'approval-workflows',
      'request-forms',
      'request-templates',
      'categories',
    ]);
    for (const kind of CATALOG_KINDS) {
      const search = SEARCH_KINDS.find((k) => k.id === kind);
      expect(search?.label).toBe(CATALOG_KIND_INFO[kind].many);
      expect(search?.listHref('a b')).toBe(`/catalog/${kind}?q=a%20b`);
      // The search shares its answers with the list page: the same key for the same first page.
      expect(search?.query('nda').queryKey).toEqual(catalogListQuery(kind, { page: 1, size: 25, q: 'nda' }).queryKey);
      expect(hitOf(kind, { id: 'x_1' }).href).toBe(catalogItemHref(kind, 'x_1'));
    }
  });

  it('keeps every kind’s queries under its own key, so a write of one refreshes only its views', () => {
    for (const kind of CATALOG_KINDS)
      expect(catalogListQuery(kind, { page: 1, size: 25 }).queryKey.slice(0, 2)).toEqual(catalogKeys.all(kind));
  });

  it('opens the page of every kind’s audit targets, the archive’s own included', () => {
    for (const kind of CATALOG_KINDS) {
      const { archive, auditTargets } = CATALOG_KIND_INFO[kind];
      for (const type of auditTargets) expect(targetPage(type, 'x_1')).toBe(catalogItemHref(kind, 'x_1'));
      if (archive) expect(auditTargets).toContain(archive.auditTarget);
    }
  });

  it('makes the Catalog area open on its first kind’s list', () => {
    expect(AREA_HOMES['/catalog']).toBe(catalogListHref(CATALOG_KINDS[0]!));
  });
});
