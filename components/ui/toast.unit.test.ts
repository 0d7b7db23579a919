import { describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => [] as unknown[][]);
vi.mock('sonner', () => {
  const record =
    (kind: string) =>
    (...args: unknown[]) =>
      void calls.push([kind, ...args]);
  return {
    toast: Object.assign(record('plain'), { success: record('success'), error: record('error'), dismiss: record('dismiss') }),
  };
});

const { toast, toasterHost } = await import('./toast');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('toast, with sonner loaded on the first one', () => {
  it('asks for the Toaster at the first toast, holds toasts until it listens, then shows them in order with their ids', async () => {
    const told = vi.fn();
    toasterHost.subscribe(told);
    expect(toasterHost.wanted()).toBe(false);

    const first = toast.success('Saved.');
    const second = toast.error('Refused.', { id: 'mine', description: 'why' });
    toast.dismiss(first);
    expect(toasterHost.wanted()).toBe(true);
    expect(told).toHaveBeenCalledTimes(1);
    expect(second).toBe('mine');
    expect(first).not.toBe(toast('Plain.'));

    await settle();
    expect(calls).toEqual([]); // the Toaster is not listening yet

    toasterHost.mounted();
    await vi.waitFor(() => expect(calls).toHaveLength(4));
    expect(calls[0]).toEqual(['success', 'Saved.', { id: first }]);
    expect(calls[1]).toEqual(['error', 'Refused.', { id: 'mine', description: 'why' }]);
    expect(calls[2]).toEqual(['dismiss', first]);
    expect(calls[3]![0]).toBe('plain');
  });
});
