import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ConsoleApiError } from '@/lib/api-error';
import { renderHookOnce } from '@/tests/support/render-hook';
import { useKeyedMutation, type KeyedMutationOptions } from './use-keyed-mutation';

// The hook every browser write goes through (DESIGN.md sections 6 and 8), run once in Node.

type Input = { name: string };
type Values = { name: string };

function setup(options: Partial<KeyedMutationOptions<Input, string, Values>> = {}, client = new QueryClient()) {
  const request = vi.fn<(input: Input, key: string) => Promise<string>>();
  const mutation = renderHookOnce(
    () => useKeyedMutation<Input, string, Values>({ scope: 'test', request: (input, { idempotencyKey }) => request(input, idempotencyKey), ...options }),
    client,
  );
  const keys = () => request.mock.calls.map(([, key]) => key);
  return { mutation, request, keys };
}

const lost = () => new ConsoleApiError(503, 'SERVICE_UNAVAILABLE', 'Try later.');
const refused = () => new ConsoleApiError(422, 'VALIDATION_FAILED', 'Invalid body', [{ path: 'name', message: 'name is taken' }]);

describe('useKeyedMutation', () => {
  it('answers a call made while one is in flight with the same promise: one request', async () => {
    const { mutation, request } = setup();
    let answer!: (value: string) => void;
    request.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const first = mutation.run({ name: 'a' });
    const second = mutation.run({ name: 'b' });
    expect(second).toBe(first);
    answer('ok');
    expect(await first).toBe('ok');
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('keeps the key for a retry of the same input after an unknown outcome, and drops it on an answer', async () => {
    const { mutation, request, keys } = setup();
    request.mockRejectedValueOnce(lost()).mockResolvedValueOnce('ok').mockResolvedValueOnce('ok');
    await expect(mutation.run({ name: 'a' })).rejects.toThrow('Try later.');
    await mutation.run({ name: 'a' });
    await mutation.run({ name: 'a' });
    expect(keys()[1]).toBe(keys()[0]);
    expect(keys()[2]).not.toBe(keys()[0]);
    expect(keys()[0]).toMatch(/^test-/);
  });

  it('takes a new key for another input, and after a refusal', async () => {
    const { mutation, request, keys } = setup({ fingerprint: (input) => input.name });
    request.mockRejectedValueOnce(lost()).mockRejectedValueOnce(refused()).mockResolvedValueOnce('ok');
    await expect(mutation.run({ name: 'a' })).rejects.toThrow();
    await expect(mutation.run({ name: 'b' })).rejects.toThrow();
    await mutation.run({ name: 'b' });
    expect(new Set(keys()).size).toBe(3);
  });

  it('tells onFailed what is known, and reads the invalidated queries again after onDone, before run resolves', async () => {
    const client = new QueryClient();
    const order: string[] = [];
    vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => void order.push(`read ${JSON.stringify(filters?.queryKey)}`));
    const onFailed = vi.fn();
    const { mutation, request } = setup({ invalidates: [['things']], onDone: () => void order.push('done'), onFailed }, client);
    request.mockRejectedValueOnce(lost()).mockRejectedValueOnce(refused()).mockResolvedValueOnce('ok');
    await mutation.run({ name: 'a' }).catch(() => undefined);
    await mutation.run({ name: 'a' }).catch(() => undefined);
    expect(onFailed.mock.calls.map(([, info]) => info.outcome)).toEqual(['unknown', 'refused']);
    order.length = 0;
    await mutation.run({ name: 'a' });
    expect(order).toEqual(['done', 'read ["things"]']);
  });

  it('shows a refusal on the bound form through its placement, clearing the last one first', async () => {
    const calls: string[] = [];
    const target = {
      setError: (name: string, error: { message?: string }) => void calls.push(`${name}: ${error.message}`),
      clearErrors: (name?: string | readonly string[]) => void calls.push(`clear ${String(name)}`),
    };
    const { mutation, request } = setup({ form: { target, placement: { root: 'root', fieldOf: (d) => (d.path === 'name' ? 'name' : undefined) } } });
    request.mockRejectedValueOnce(refused()).mockRejectedValueOnce(lost());
    await mutation.run({ name: 'a' }).catch(() => undefined);
    await mutation.run({ name: 'a' }).catch(() => undefined);
    expect(calls).toEqual([
      'clear root',
      'name: Name is taken',
      'clear root',
      'root: Try later. Whether it was done is not known yet: try again to find out; it will not be done twice.',
    ]);
  });
});
