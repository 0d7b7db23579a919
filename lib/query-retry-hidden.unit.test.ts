import { focusManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleApiError } from './api-error.ts';
import { queryRetryDelay, shouldRetryQuery } from './query-retry.ts';

// The console's read retries, run by TanStack's own retryer with the console's options: they
// back off, and they stop while the page is hidden (nobody is looking; the API gets a rest).
describe('a failing read under the console retry options', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    focusManager.setFocused(undefined);
    vi.useRealTimers();
  });

  const failing = () => {
    const calls: number[] = [];
    const client = new QueryClient({ defaultOptions: { queries: { retry: shouldRetryQuery, retryDelay: queryRetryDelay } } });
    // As QueryClientProvider does: the client listens to the page being shown or hidden.
    client.mount();
    const fetching = client
      .fetchQuery({
        queryKey: ['down'],
        queryFn: () => {
          calls.push(Date.now());
          return Promise.reject(new ConsoleApiError(503, 'UPSTREAM_UNAVAILABLE', 'down'));
        },
      })
      .catch(() => 'gave up');
    return { calls, fetching };
  };

  it('backs off 1, 2, 4 s between attempts while the page is shown', async () => {
    const { calls } = failing();
    await vi.advanceTimersByTimeAsync(7_100);
    expect(calls.length).toBe(4);
    expect(calls.slice(1).map((t, i) => t - calls[i]!)).toEqual([1000, 2000, 4000]);
  });

  it('sends nothing while the page is hidden, and resumes when it is shown', async () => {
    const { calls } = failing();
    await vi.advanceTimersByTimeAsync(10);
    expect(calls.length).toBe(1);
    focusManager.setFocused(false);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls.length).toBe(1);
    focusManager.setFocused(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(calls.length).toBe(2);
  });
});
