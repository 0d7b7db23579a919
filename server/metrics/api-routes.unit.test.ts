import 'server-only';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, routePattern } from './api-routes';

// Next hands a route handler no pattern, so the metrics name a request's route by matching its
// path against API_ROUTES: a route file missing from that list fails here, not on a dashboard.
const appDir = join(__dirname, '..', '..', 'app');
const routeFiles = (readdirSync(join(appDir, 'api'), { recursive: true }) as string[]).filter((f) =>
  /(^|\/)route\.tsx?$/.test(f),
);
const patternOf = (file: string) =>
  `/api/${file}`
    .replace(/\/route\.tsx?$/, '')
    .split('/')
    .filter((s) => !/^\(.*\)$/.test(s)) // a (group) folder is not part of the URL
    .join('/');

describe('API_ROUTES', () => {
  it('lists every route under app/api, and nothing else', () => {
    expect(routeFiles.length).toBeGreaterThan(50);
    expect([...API_ROUTES].sort()).toEqual(routeFiles.map(patternOf).sort());
  });

  it('names each route by itself once its dynamic segments are filled in', () => {
    for (const route of API_ROUTES) {
      const path = route.replace(/\[\.\.\.[^\]]+\]/, 'some/rest').replace(/\[[^\]]+\]/g, 'value_1');
      expect(routePattern(path), path).toBe(route);
    }
  });
});

describe('routePattern', () => {
  it('prefers a static segment to a dynamic one, and a dynamic one to the catch-all', () => {
    expect(routePattern('/api/packages/preview')).toBe('/api/packages/preview');
    expect(routePattern('/api/packages/preview/document')).toBe('/api/packages/preview/document');
    expect(routePattern('/api/packages/pkg_8f2a')).toBe('/api/packages/[id]');
    expect(routePattern('/api/packages/pkg_8f2a/nothing-here')).toBe('/api/[...missing]');
    expect(routePattern('/api/admin/throttles/ada%40example.com')).toBe('/api/admin/throttles/[email]');
    expect(routePattern('/api/bulk-batches/blk_1/rows/3/review')).toBe('/api/bulk-batches/[id]/rows/[position]/review');
  });

  it('never returns a raw path: outside /api it is "unmatched"', () => {
    expect(routePattern('/packages/pkg_8f2a')).toBe('unmatched');
    expect(routePattern('/')).toBe('unmatched');
  });
});
