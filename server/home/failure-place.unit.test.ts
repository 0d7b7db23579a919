import 'server-only';
import { describe, expect, it } from 'vitest';
import { bulkRowOf, failurePlace, type FailedAction } from './failure-place';

const action = (over: Partial<FailedAction>): FailedAction => ({
  operation: 'package.send',
  target_type: null,
  target_id: null,
  details: {},
  path: null,
  ...over,
});

describe('failurePlace', () => {
  it('sends a failed send back to Send a package with its template, a bulk row to its batch, an import to the book', () => {
    expect(failurePlace(action({ details: { template_id: 'dst_nda' }, path: '/api/packages' })).href).toBe(
      '/packages/new?template=dst_nda',
    );
    expect(
      failurePlace(
        action({ operation: 'bulk.send_row', target_type: 'signature_package', path: '/api/bulk-batches/blk_1/rows/3/send' }),
      ).href,
    ).toBe('/packages/bulk/blk_1');
    expect(failurePlace(action({ operation: 'bulk.review_row', target_type: 'bulk_batch', target_id: 'blk_2' })).href).toBe(
      '/packages/bulk/blk_2',
    );
    expect(failurePlace(action({ operation: 'recipient.import', target_type: 'recipient_book' })).href).toBe(
      '/packages/recipients',
    );
    expect(
      failurePlace(action({ operation: 'package.archive', target_type: 'signature_package', target_id: 'pkg 1' })).href,
    ).toBe('/packages/pkg%201');
  });

  it('never answers home itself, whatever the operation', () => {
    for (const operation of [
      'sandbox.clock',
      'user.disable',
      'category.create',
      'workflow.archive',
      'something.new',
      'saved_view.create',
    ])
      expect(failurePlace(action({ operation })).href).not.toBe('/');
  });
});

describe('bulkRowOf', () => {
  it('reads the batch and row of a row’s route, and nothing else', () => {
    expect(bulkRowOf('/api/bulk-batches/blk_1/rows/12/send')).toEqual({ batchId: 'blk_1', position: 12 });
    expect(bulkRowOf('/api/bulk-batches/blk_1/actions')).toBeNull();
    expect(bulkRowOf(null)).toBeNull();
  });
});
