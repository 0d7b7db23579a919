import 'server-only';
import { describe, expect, it } from 'vitest';
import { dueAt, isFinished, statusAt } from './open-statuses';

const DATE = 'Thu, 01 Jan 2026 12:00:00 GMT';

describe('statusAt: the API time a record entered its status', () => {
  it("reads a package's own timestamp for its status", () => {
    const pkg = { status: 'completed', sent_at: '2026-01-01T09:00:00.000Z', completed_at: '2026-01-01T11:00:00.000Z' };
    expect(statusAt('package', pkg, DATE)).toBe('2026-01-01T11:00:00.000Z');
    expect(statusAt('package', { ...pkg, status: 'queued' }, DATE)).toBe('2026-01-01T09:00:00.000Z');
  });

  it("reads a request's revision task for NEEDS_REVISION and completed_at once decided", () => {
    const req = { status: 'NEEDS_REVISION', revision_task: { requested_at: '2026-01-01T10:30:00.000Z' }, completed_at: null };
    expect(statusAt('approval_request', req, DATE)).toBe('2026-01-01T10:30:00.000Z');
    expect(statusAt('approval_request', { status: 'APPROVED', completed_at: '2026-01-01T11:30:00.000Z' }, DATE)).toBe(
      '2026-01-01T11:30:00.000Z',
    );
  });

  it("falls back to the answer's Date when the record gives no time for its status, or one that is not a time", () => {
    expect(statusAt('package', { status: 'delivered' }, DATE)).toBe('2026-01-01T12:00:00.000Z');
    expect(statusAt('package', { status: 'delivered', delivered_at: 'soon' }, DATE)).toBe('2026-01-01T12:00:00.000Z');
    expect(statusAt('approval_request', { status: 'ON_HOLD' }, DATE)).toBe('2026-01-01T12:00:00.000Z');
  });
});

describe('isFinished', () => {
  it('takes every status but the open ones as finished, so a status the spec never named stops the following', () => {
    expect(isFinished('package', 'queued')).toBe(false);
    expect(isFinished('package', 'delivered')).toBe(false);
    expect(isFinished('package', 'completed')).toBe(true);
    expect(isFinished('approval_request', 'NEEDS_REVISION')).toBe(false);
    expect(isFinished('approval_request', 'APPROVED')).toBe(true);
    expect(isFinished('approval_request', 'WITHDRAWN')).toBe(true);
  });
});

describe('dueAt: the deadline a record gives', () => {
  it("is a package's expires_at and a request's current SLA, normalised; none when absent or unreadable", () => {
    expect(dueAt('package', { expires_at: '2026-01-15T10:00:00Z' })).toBe('2026-01-15T10:00:00.000Z');
    expect(dueAt('approval_request', { sla: { layer: 1, due_at: '2026-01-02T08:00:00Z', breached: false } })).toBe(
      '2026-01-02T08:00:00.000Z',
    );
    expect(dueAt('approval_request', { sla: null })).toBeNull();
    expect(dueAt('package', { expires_at: 'soon' })).toBeNull();
    expect(dueAt('package', {})).toBeNull();
  });
});
