'use client';

import { useQueryClient } from '@tanstack/react-query';
import { intentKeys, resendIntent, type OpenIntent } from '../intents/queries.ts';
import { useConfirmOutcome, type ConfirmHandlers } from '../use-confirm-outcome.ts';
import { useKeyedMutation, type KeyedMutationHandlers } from '../use-keyed-mutation.ts';
import { archivePackage, packageKeys, sendPackage, type SendOf } from './queries.ts';
import type { SignaturePackage } from './schemas.ts';

/**
 * Sends a reviewed receipt of `templateId`: one key per Send click, reused while its answer is
 * not known; an unknown outcome is confirmed by the same request under the same key. Every
 * package view is read again after the answer.
 */
export function useSendPackage(templateId: string, handlers: KeyedMutationHandlers<SendOf, SignaturePackage> = {}) {
  return useKeyedMutation({
    scope: 'pkg-send',
    request: (send: SendOf, { idempotencyKey }) => sendPackage(templateId, send, idempotencyKey),
    // The receipt is the send: a retry of it is the same Send, whatever more was seen meanwhile.
    fingerprint: (send) => send.receipt,
    invalidates: [packageKeys.all],
    confirm: true,
    ...handlers,
  });
}

/**
 * Archives a finished package with a reason. Every package view is read again after any
 * answer: a refusal (PACKAGE_NOT_CLOSED) means the page showed a stale status.
 */
export function useArchivePackage(id: string, handlers: KeyedMutationHandlers<string, SignaturePackage> = {}) {
  return useKeyedMutation({
    scope: 'pkg-archive',
    request: (reason: string, { idempotencyKey }) => archivePackage(id, reason, idempotencyKey),
    fingerprint: (reason) => `${id}:${reason}`,
    invalidates: [packageKeys.all],
    ...handlers,
  });
}

/**
 * Settles a send that left its page without an answer (the console's journal kept it): the
 * same request under the same key. Packages and the open sends are read again once it is known.
 */
export function useConfirmEarlierSend(intent: OpenIntent, handlers: ConfirmHandlers<SignaturePackage>) {
  const client = useQueryClient();
  return useConfirmOutcome(() => resendIntent<SignaturePackage>(intent), {
    onDone(pkg) {
      handlers.onDone(pkg);
      void client.invalidateQueries({ queryKey: packageKeys.all });
      void client.invalidateQueries({ queryKey: intentKeys.open('package.send') });
    },
    onRefused(err) {
      handlers.onRefused(err);
      void client.invalidateQueries({ queryKey: intentKeys.open('package.send') });
    },
  });
}
