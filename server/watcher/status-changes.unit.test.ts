import 'server-only';
import { describe, expect, it } from 'vitest';
import { statusChanges, type Watched } from './status-changes';

const watched = (rows: [string, string | null][]): Map<string, Watched> =>
  new Map(rows.map(([id, status]) => [id, { id, last_status: status }]));

describe('statusChanges', () => {
  it('records a change of status with the time the listing gave for it', () => {
    const changes = statusChanges('package', watched([['p1', 'queued']]), [
      { id: 'p1', status: 'delivered', at: '2026-01-01T10:01:00.000Z' },
    ]);
    expect(changes).toEqual([
      { kind: 'package', id: 'p1', from_status: 'queued', to_status: 'delivered', at: '2026-01-01T10:01:00.000Z' },
    ]);
  });

  it('records nothing for a record listed in the status it already had', () => {
    expect(
      statusChanges('package', watched([['p1', 'queued']]), [{ id: 'p1', status: 'queued', at: '2026-01-01T10:00:00.000Z' }]),
    ).toEqual([]);
  });

  it('records a record seen for the first time, or known but never seen, as coming from no status', () => {
    const changes = statusChanges('approval_request', watched([['r1', null]]), [
      { id: 'r1', status: 'IN_PROGRESS', at: '2026-01-01T09:00:00.000Z' },
      { id: 'r2', status: 'DRAFT', at: '2026-01-01T08:00:00.000Z' },
    ]);
    expect(changes.map((c) => [c.id, c.from_status, c.to_status])).toEqual([
      ['r1', null, 'IN_PROGRESS'],
      ['r2', null, 'DRAFT'],
    ]);
  });

  it('takes a record listed twice (pages shifted between two reads) once, as last listed', () => {
    const changes = statusChanges('package', watched([['p1', 'queued']]), [
      { id: 'p1', status: 'queued', at: '2026-01-01T10:00:00.000Z' },
      { id: 'p1', status: 'delivered', at: '2026-01-01T10:01:00.000Z' },
    ]);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.to_status).toBe('delivered');
  });
});
