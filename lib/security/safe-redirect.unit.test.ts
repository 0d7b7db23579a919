import { describe, expect, it } from 'vitest';
import { DEFAULT_LANDING, safeRedirectPath } from './safe-redirect';

const ORIGIN = 'https://console.example.com';

// Each target as a browser would receive it after the query string is decoded.
const refused = [
  '/\t/evil.example',
  '/%09/evil.example'.replace('%09', '\t'),
  '/\n/evil.example',
  '/\r\n/evil.example',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '\\\\evil.example',
  '/.//evil.example',
  '/./\t/evil.example',
  'https://evil.example/catalog',
  'http://console.example.com.evil.example/',
  '//console.example.com@evil.example/',
  'javascript:alert(1)',
  ' javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  'catalog',
  '',
  '/\u0000/evil.example',
  '/\u007f/evil.example',
];

describe('safeRedirectPath', () => {
  it.each(refused.map((t) => [JSON.stringify(t), t]))('refuses %s', (_label, target) => {
    expect(safeRedirectPath(target, ORIGIN)).toBe(DEFAULT_LANDING);
  });

  it('refuses absent targets and a bad origin', () => {
    expect(safeRedirectPath(null, ORIGIN)).toBe(DEFAULT_LANDING);
    expect(safeRedirectPath(undefined, ORIGIN)).toBe(DEFAULT_LANDING);
    expect(safeRedirectPath('/catalog', 'not a url')).toBe(DEFAULT_LANDING);
  });

  it('keeps paths of this console, with their query and fragment', () => {
    expect(safeRedirectPath('/packages/pkg_1?sent=1#top', ORIGIN)).toBe('/packages/pkg_1?sent=1#top');
    expect(safeRedirectPath('/catalog/categories?q=a%20b&page=2', ORIGIN)).toBe('/catalog/categories?q=a%20b&page=2');
  });

  it('keeps encoded characters encoded, so they cannot become separators later', () => {
    // "%2F%2Fevil" stays a single encoded segment: the browser requests our own path.
    expect(safeRedirectPath('/%2F%2Fevil.example', ORIGIN)).toBe('/%2F%2Fevil.example');
    expect(safeRedirectPath('/%09/evil.example', ORIGIN)).toBe('/%09/evil.example');
  });

  it('normalises dot segments without leaving the origin', () => {
    expect(safeRedirectPath('/../../catalog', ORIGIN)).toBe('/catalog');
    expect(safeRedirectPath('/documents/../packages', ORIGIN)).toBe('/packages');
  });

  it('uses the given fallback', () => {
    expect(safeRedirectPath('//evil.example', ORIGIN, '/documents')).toBe('/documents');
  });
});
