import 'server-only';
import { describe, expect, it } from 'vitest';
import { intentPlace } from './intent-place';

/** Home itself, with or without a fragment or query: never where something is put right. */
const isHome = (href: string) => /^\/(?:[?#]|$)/.test(href);

describe('intentPlace', () => {
  it('links every keyed write, the unusual ones too, to a place of its own, never home', () => {
    // Each keyed route of app/api, as the journal records it (operation, path).
    const keyed: [string, string][] = [
      ['package.send', '/api/packages'],
      ['package.archive', '/api/packages/pkg_1/archive'],
      ['category.create', '/api/categories'],
      ['approval_request.submit', '/api/approval-requests'],
      ['approval_request.resubmit', '/api/approval-requests/apr_1/resubmit'],
      ['approval_request.revision_draft', '/api/approval-requests/apr_1/revision-draft'],
      ['bulk.create', '/api/bulk-batches'],
      ['bulk.send_row', '/api/bulk-batches/blk_1/rows/3/send'],
      ['document.upload', '/api/documents'],
      ['document.delete', '/api/documents/doc_1'],
      ['editor.command', '/api/documents/doc_1/editor/commands'],
      // An operation home has never heard of, at a path of no known resource.
      ['something.new', '/api/something-new'],
    ];
    for (const [operation, path] of keyed) {
      const place = intentPlace({ operation, path });
      expect(isHome(place.href), `${operation} ${path} -> ${place.href}`).toBe(false);
      expect(place.action).not.toBe('');
    }
  });

  it('sends a lost category to Categories, a lost batch to Bulk sends and a lost editor command to the editor', () => {
    expect(intentPlace({ operation: 'category.create', path: '/api/categories' }).href).toBe('/catalog/categories');
    expect(intentPlace({ operation: 'bulk.create', path: '/api/bulk-batches' }).href).toMatch(/^\/packages\/bulk(?:\/|$)/);
    expect(intentPlace({ operation: 'editor.command', path: '/api/documents/doc%201/editor/commands' }).href).toBe(
      '/documents/doc%201/editor',
    );
  });

  it('keeps the places it already knew', () => {
    expect(intentPlace({ operation: 'package.send', path: '/api/packages' }).href).toBe('/packages/new');
    expect(intentPlace({ operation: 'package.archive', path: '/api/packages/pkg_1/archive' }).href).toBe('/packages/pkg_1');
    expect(intentPlace({ operation: 'bulk.send_row', path: '/api/bulk-batches/blk_1/rows/3/send' }).href).toBe(
      '/packages/bulk/blk_1',
    );
  });
});
