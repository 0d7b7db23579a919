import 'server-only';
import type { Intent } from '../intents/journal';
import { failurePlace } from './failure-place';

/**
 * Where an unsettled intent is settled, and how: each form that can lose an answer shows its
 * pending request on open and confirms it under the same key.
 */
export function intentPlace(intent: Pick<Intent, 'operation' | 'path'>): { href: string; action: string } {
  const id = /^\/api\/[a-z-]+\/([^/]+)/.exec(intent.path)?.[1];
  switch (intent.operation) {
    case 'package.send':
      return { href: '/packages/new', action: 'open Send a package to confirm it' };
    case 'approval_request.submit':
      return { href: '/approvals/new', action: 'open New request to confirm it' };
    case 'document.upload':
      return { href: '/documents', action: 'open Documents to confirm it' };
    case 'editor.open':
    case 'editor.command':
      return {
        href: placeOfFailure(intent),
        action: 'open the field editor: it reads the layout again, so you see whether it was done',
      };
    default:
      if (intent.path.startsWith('/api/packages/') && id)
        return { href: `/packages/${id}`, action: 'open the package to confirm it' };
      if (intent.path.startsWith('/api/approval-requests/') && id)
        return { href: `/approvals/${id}`, action: 'open the request to confirm it' };
      if (intent.path.startsWith('/api/bulk-batches/') && id)
        return { href: `/packages/bulk/${id}`, action: 'open the batch to confirm it' };
      if (intent.path.startsWith('/api/recipients'))
        return { href: '/packages/recipients', action: 'open the recipient book and repeat it: the same request settles it' };
      if (intent.path.startsWith('/api/documents/') && id)
        return { href: `/documents/${id}`, action: 'open the document to confirm it' };
      // Anything else goes where the same action, had it failed, is put right: never home itself.
      return { href: placeOfFailure(intent), action: 'open it there and repeat it: the same request settles it' };
  }
}

const placeOfFailure = (intent: Pick<Intent, 'operation' | 'path'>) =>
  failurePlace({ operation: intent.operation, path: intent.path, target_type: null, target_id: null, details: {} }).href;
