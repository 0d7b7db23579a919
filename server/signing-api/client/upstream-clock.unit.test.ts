import 'server-only';
import { afterEach, describe, expect, it, vi } from 'vitest';

const at = (iso: string) => new Date(iso).toUTCString();

describe('the API clock as one console instance knows it', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.resetModules();
  });

  const fresh = () => import('./upstream-clock.ts');

  it('is unknown, and stale, before any answer showed it', async () => {
    const { estimatedApiDate, sinceHeard } = await fresh();
    expect(estimatedApiDate(0)).toBeNull();
    expect(sinceHeard(0)).toBe(Number.POSITIVE_INFINITY);
  });

  it('runs on from the last answer and is not moved back by a slow answer to an older request', async () => {
    const { estimatedApiDate, noteUpstreamDate, sinceHeard } = await fresh();
    noteUpstreamDate(at('2026-11-23T10:00:00Z'), 1_000, 1_200);
    expect(estimatedApiDate(11_000)).toBe(at('2026-11-23T10:00:11Z'));
    expect(sinceHeard(3_200)).toBe(2_000);
    // A request that left at 500 ms comes back late with the time it was written.
    noteUpstreamDate(at('2026-11-23T09:59:59Z'), 500, 4_000);
    expect(estimatedApiDate(11_000)).toBe(at('2026-11-23T10:00:11Z'));
    expect(sinceHeard(4_000)).toBe(0);
  });

  it('ignores the server’s wall clock: only the monotonic clock moves the estimate', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-01-01T00:00:00Z'));
    const { estimatedApiDate, noteUpstreamDate } = await fresh();
    noteUpstreamDate(at('2026-11-23T10:00:00Z'), 0, 100);
    vi.setSystemTime(new Date('2020-01-01T00:00:00Z'));
    expect(estimatedApiDate(60_000)).toBe(at('2026-11-23T10:01:01Z'));
  });

  it('follows an API clock that was set back, as a later request shows it', async () => {
    const { estimatedApiDate, noteUpstreamDate } = await fresh();
    noteUpstreamDate(at('2026-11-23T10:10:00Z'), 0, 100);
    // Two seconds behind, within a Date header's second and a round trip: the same clock, read
    // again, and the estimate holds.
    noteUpstreamDate(at('2026-11-23T10:10:01Z'), 3_000, 3_100);
    expect(estimatedApiDate(3_000)).toBe(at('2026-11-23T10:10:04Z'));
    noteUpstreamDate(at('2026-11-23T10:00:00Z'), 5_000, 5_100);
    expect(estimatedApiDate(5_000)).toBe(at('2026-11-23T10:00:01Z'));
  });
});
