import { describe, expect, it } from 'vitest';
import { DUE_SOON_MS, stepDue } from './sla.ts';

const due = '2026-03-10T12:00:00.000Z';
const dueAt = Date.parse(due);
const HOUR = 3_600_000;

describe('when the current step is due', () => {
  it('is on time while more than the due-soon window is left', () => {
    expect(stepDue({ status: 'IN_PROGRESS', sla: { layer: 1, due_at: due } }, dueAt - DUE_SOON_MS - 1)).toEqual({
      dueAt,
      state: 'on-time',
    });
  });

  it('is due soon within the window, up to the due time itself', () => {
    expect(DUE_SOON_MS).toBe(4 * HOUR);
    expect(stepDue({ status: 'IN_PROGRESS', sla: { due_at: due } }, dueAt - DUE_SOON_MS)?.state).toBe('due-soon');
    expect(stepDue({ status: 'IN_PROGRESS', sla: { due_at: due } }, dueAt - 1)?.state).toBe('due-soon');
  });

  it('is overdue from the due time on', () => {
    expect(stepDue({ status: 'IN_PROGRESS', sla: { due_at: due, breached: false } }, dueAt)?.state).toBe('overdue');
    expect(stepDue({ status: 'IN_PROGRESS', sla: { due_at: due } }, dueAt + 5 * HOUR)?.state).toBe('overdue');
  });

  it('is overdue when the API said breached, whatever the clock here says', () => {
    expect(stepDue({ status: 'IN_PROGRESS', sla: { due_at: due, breached: true } }, dueAt - 10 * HOUR)?.state).toBe('overdue');
  });

  it('is nothing for a request no reviewer holds now', () => {
    for (const status of ['DRAFT', 'NEEDS_REVISION', 'APPROVED', 'REJECTED', 'ON_HOLD'])
      expect(stepDue({ status, sla: { due_at: due, breached: true } }, dueAt)).toBeNull();
  });

  it('is nothing when the answer carries no usable due time', () => {
    for (const sla of [undefined, null, 'soon', 42, {}, { due_at: null }, { due_at: 'tomorrow' }, { due: due }, [due]])
      expect(stepDue({ status: 'IN_PROGRESS', sla }, dueAt)).toBeNull();
  });
});
