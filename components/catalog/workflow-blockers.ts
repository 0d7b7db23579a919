import { statusWords } from '@/lib/status-labels';

// What keeps a workflow from being archived, in words. The spec's rule: a workflow used by any
// request in DRAFT, IN_PROGRESS or NEEDS_REVISION cannot be archived (WORKFLOW_IN_USE).

/** The states that block the archive, in the order a sentence names them. */
export const BLOCKING_STATUSES = ['IN_PROGRESS', 'NEEDS_REVISION', 'DRAFT'] as const;

const PHRASES: Record<(typeof BLOCKING_STATUSES)[number], (n: number) => string> = {
  IN_PROGRESS: (n) => `${n === 1 ? 'is' : 'are'} still ${statusWords('request', 'IN_PROGRESS')}`,
  NEEDS_REVISION: (n) => `${n === 1 ? 'needs' : 'need'} revision`,
  DRAFT: (n) => (n === 1 ? 'is a draft' : 'are drafts'),
};

/** "2 requests are still in progress and 1 needs revision"; null when no state has a request. */
export function describeBlockers(statuses: readonly string[]): string | null {
  const clauses = BLOCKING_STATUSES.map((s) => [s, statuses.filter((x) => x === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n], i) => `${n}${i === 0 ? (n === 1 ? ' request' : ' requests') : ''} ${PHRASES[s](n)}`);
  if (clauses.length === 0) return null;
  return clauses.length === 1 ? clauses[0]! : `${clauses.slice(0, -1).join(', ')} and ${clauses.at(-1)}`;
}

/**
 * The archive's refusal: that requests are in the way, and no condition of its own. What would
 * lift it depends on their states (archivableWhen), which the dialog says under it.
 */
export const IN_USE_REFUSAL = 'Requests still use this workflow, so it cannot be archived while they do.';

/**
 * When the workflow can be archived, given the states of the requests in its way. A request
 * under way ends when its reviewers approve or reject it; a draft saved at the API never does,
 * since the API lets no one submit or delete it: only its maker can remove it, in the workspace.
 */
export function archivableWhen(statuses: readonly string[]): string | null {
  const drafts = statuses.includes('DRAFT');
  const underWay = statuses.some((s) => s === 'IN_PROGRESS' || s === 'NEEDS_REVISION');
  if (!drafts) return underWay ? 'Once they are approved or rejected, the workflow can be archived.' : null;
  return `A draft saved at the API cannot be submitted or deleted through the API, so the workflow can be archived only once whoever made it removes it in the workspace${underWay ? ', and the other requests are approved or rejected' : ''}.`;
}
