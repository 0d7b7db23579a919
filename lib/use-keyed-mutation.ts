'use client';

import { useMutation, useQueryClient, type InvalidateQueryFilters, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldPath, FieldValues, UseFormClearErrors } from 'react-hook-form';
import { IntentKey, outcomeOf, type Outcome } from '@/lib/intents/intent-key';
import { applyApiError, type ApiErrorPlacement, type ErrorTarget } from './forms/apply-api-error';
import { useConfirmOutcome, type Confirmation } from './use-confirm-outcome';

/*
 * One pattern for every browser write (DESIGN.md sections 6 and 8, issue 9).
 *
 * - The hook owns the Idempotency-Key (lib/intents/intent-key.ts): taken when `run(input)` is called,
 *   reused while the answer to it is not known (a retry of the same input sends the same key),
 *   dropped on any definite answer (success or refusal), so the next action takes a new one.
 * - A call while one is in flight gets the same promise: exactly one request, however fast
 *   the clicks come. Callers keep their side effects in `onDone`/`onFailed`, which run once.
 * - The hook owns invalidation: `invalidates` are read again after every answer (after the
 *   caller's onDone/onFailed, which may move cached data first), since a refusal (already
 *   archived, not closed, gone) usually means the view was stale too; `run` resolves once the
 *   reads after a success are back, so a closing dialog shows fresh data.
 * - Errors reach the form through applyApiError only (`form` binding); `unknown` and
 *   `confirmation` tell buttons that the outcome is not known yet.
 * - `confirm: true` settles an unknown outcome by itself: the same request under the same key
 *   is repeated (lib/confirm-loop.ts) until a definite answer, which then runs onDone/onFailed.
 *   The action's button stays disabled while `confirming`: a new run would race the loop.
 */

export interface KeyedRequestContext {
  idempotencyKey: string;
  signal: AbortSignal;
}

export interface KeyedAnswer<I> {
  input: I;
  outcome: Outcome;
  /** the failure, when there was one */
  error?: unknown;
}

export interface KeyedMutationOptions<I, T, F extends FieldValues> {
  /** the key prefix, naming the operation in logs and the intent journal */
  scope: string;
  request(input: I, ctx: KeyedRequestContext): Promise<T>;
  /** what makes two calls the same action; the whole input unless told */
  fingerprint?(input: I): string;
  /** what is read again after an answer (once onDone/onFailed are through): query keys, or filters chosen by the answer */
  invalidates?: readonly QueryKey[] | ((answer: KeyedAnswer<I>) => readonly InvalidateQueryFilters[]);
  /** awaited before the reads, so it may move or drop cached data first */
  onDone?(result: T, input: I): void | Promise<void>;
  /** after a failure, or a definite refusal found by confirming; `unknown` means it may have been done */
  onFailed?(err: unknown, info: { outcome: 'refused' | 'unknown'; input: I }): void | Promise<void>;
  /** errors shown on this form through applyApiError */
  form?: { target: ErrorTarget<F> & { clearErrors: UseFormClearErrors<F> }; placement?: ApiErrorPlacement<FieldPath<F>> };
  /** confirm unknown outcomes by repeating the same request */
  confirm?: boolean;
}

/** What a per-resource hook lets its callers add: their reactions and form, never the request or the reads. */
export type KeyedMutationHandlers<I, T, F extends FieldValues = FieldValues> = Pick<
  KeyedMutationOptions<I, T, F>,
  'onDone' | 'onFailed' | 'form'
>;

export function useKeyedMutation<I, T, F extends FieldValues = FieldValues>(options: KeyedMutationOptions<I, T, F>) {
  const client = useQueryClient();
  const [intent] = useState(() => new IntentKey(options.scope));
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const inFlight = useRef<Promise<T> | null>(null);
  const lastInput = useRef<{ input: I } | null>(null);
  const controller = useRef<AbortController | null>(null);
  const signal = useCallback(() => (controller.current ??= new AbortController()).signal, []);
  // The input of the request in flight, so a caller can tell which of its buttons is waiting.
  const [running, setRunning] = useState<{ input: I } | null>(null);
  const [unknown, setUnknown] = useState(false);
  const { mutateAsync } = useMutation({
    mutationKey: [options.scope],
    mutationFn: ({ input, key }: { input: I; key: string }) =>
      latest.current.request(input, { idempotencyKey: key, signal: signal() }),
  });

  const keyFor = useCallback((input: I) => intent.take((latest.current.fingerprint ?? JSON.stringify)(input)), [intent]);
  const refresh = useCallback(
    (answer: KeyedAnswer<I>) => {
      const { invalidates = [] } = latest.current;
      const filters = typeof invalidates === 'function' ? invalidates(answer) : invalidates.map((queryKey) => ({ queryKey }));
      return Promise.all(filters.map((f) => client.invalidateQueries(f)));
    },
    [client],
  );
  const succeeded = useCallback(
    async (result: T, input: I) => {
      intent.settle('done');
      setUnknown(false);
      await latest.current.onDone?.(result, input);
      await refresh({ input, outcome: 'done' });
    },
    [intent, refresh],
  );
  const failed = useCallback(
    async (err: unknown, input: I) => {
      const outcome = outcomeOf(err);
      intent.settle(outcome);
      setUnknown(outcome === 'unknown');
      const { form, onFailed } = latest.current;
      if (form) applyApiError(form.target, err, form.placement);
      await onFailed?.(err, { outcome, input });
      void refresh({ input, outcome, error: err });
      return outcome;
    },
    [intent, refresh],
  );

  const confirmation = useConfirmOutcome<T>(
    () => {
      const input = lastInput.current!.input;
      return latest.current.request(input, { idempotencyKey: keyFor(input), signal: signal() });
    },
    {
      onDone: (result) => void succeeded(result, lastInput.current!.input),
      onRefused: (err) => void failed(err, lastInput.current!.input),
    },
  );
  const { start } = confirmation;
  const startConfirming = useRef(start);
  useEffect(() => {
    startConfirming.current = start;
  });

  const run = useCallback(
    (input: I): Promise<T> => {
      if (inFlight.current) return inFlight.current;
      const attempt = (async () => {
        setRunning({ input });
        latest.current.form?.target.clearErrors(latest.current.form.placement?.root ?? 'root.server');
        lastInput.current = { input };
        let result: T;
        try {
          result = await mutateAsync({ input, key: keyFor(input) });
        } catch (err) {
          const outcome = outcomeOf(err);
          // Confirming starts at once; the caller's reaction may take its time.
          if (outcome === 'unknown' && latest.current.confirm) startConfirming.current(err);
          await failed(err, input);
          throw err;
        }
        await succeeded(result, input);
        return result;
      })().finally(() => {
        inFlight.current = null;
        setRunning(null);
      });
      inFlight.current = attempt;
      return attempt;
    },
    [mutateAsync, keyFor, failed, succeeded],
  );

  /** Gives up waiting for the answer of the request in flight (its outcome becomes unknown). */
  const abort = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
  }, []);

  const status: Confirmation<T> = confirmation.status;
  return {
    run,
    abort,
    /** a request of this hook is waiting for its answer */
    pending: running !== null,
    /** the input of the request waiting for its answer */
    input: running?.input,
    /** the last attempt ended without a definite answer: a retry reuses its key */
    unknown,
    /** confirming an unknown outcome by repeating the request (with `confirm: true`) */
    confirming: status.state === 'confirming',
    confirmation: status,
    tryNow: confirmation.tryNow,
  };
}
