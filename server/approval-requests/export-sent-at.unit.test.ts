import 'server-only';
import { describe, expect, it, vi } from 'vitest';
import { readCsv } from '@/lib/csv/read-csv';
import { exportApprovalRequests } from './export-approval-requests';

// Issue 35: "the approval-requests CSV fills sent_at for a request never submitted".
// Only the API's list is stood in for; how a row's times are read is the module's own.
vi.mock('./list-approval-requests', async (original) => ({
  ...(await original<typeof import('./list-approval-requests')>()),
  requestsMatching: async () => ({
    complete: true,
    rows: [
      {
        id: 'apr_draft',
        external_id: 'kept-as-draft',
        status: 'DRAFT',
        created_at: '2026-03-01T09:00:00Z',
        updated_at: '2026-03-02T09:00:00Z',
      },
      {
        id: 'apr_sent',
        external_id: 'submitted',
        status: 'IN_PROGRESS',
        created_at: '2026-03-01T09:00:00Z',
        submitted_at: '2026-03-01T09:05:00Z',
      },
      // A dialect that names no submitted_at: a request past draft was sent when it was made.
      { id: 'apr_plain', external_id: 'plain', status: 'IN_PROGRESS', created_at: '2026-03-03T10:00:00Z' },
    ],
  }),
}));

describe('the approval-requests CSV', () => {
  it('leaves sent_at empty for a request never submitted, and fills it for the others', async () => {
    const { body } = await exportApprovalRequests({ filters: {} });
    const table = readCsv(body);
    const rows = table.rows.map((r) => r.cells);
    const col = (name: string) => table.header.indexOf(name);
    const byId = new Map(rows.map((r) => [r[col('id')], r]));
    expect(byId.get('apr_draft')![col('sent_at')]).toBe('');
    // Its last change is still said.
    expect(byId.get('apr_draft')![col('updated_at')]).toBe('2026-03-02T09:00:00Z');
    expect(byId.get('apr_sent')![col('sent_at')]).toBe('2026-03-01T09:05:00Z');
    expect(byId.get('apr_plain')![col('sent_at')]).toBe('2026-03-03T10:00:00Z');
  });
});
