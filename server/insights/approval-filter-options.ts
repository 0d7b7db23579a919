import 'server-only';
import type { InsightsData } from '@/lib/insights/types';
import { inScope } from '../teams/scope';
import type { ApprovalSource } from './approval-requests-in';
import type { Period } from './period';

/**
 * What the workflow and sender filters offer for requests: the workflows and submitters of the
 * console's submissions in the period that the reader's teams see (whatever the filters, so
 * the menus offer the other choices too), submitted in it as the figures count it: at the
 * first IN_PROGRESS the watcher recorded (request_facts), so a menu offers no choice that
 * would narrow the figures to nothing.
 */
export async function approvalFilterOptions({ db, scope }: Pick<ApprovalSource, 'db' | 'scope'>, period: Period) {
  const rows = await db
    .selectFrom('request_facts as f')
    .leftJoin('users as u', 'u.id', 'f.user_id')
    .where('f.noted', '=', 1)
    .where(inScope('f.team_id', scope))
    .where('f.assigned_by', 'is', null)
    .where('f.submitted_at', '>=', period.start)
    .where('f.submitted_at', '<', period.end)
    .select(['f.workflow_id', 'f.workflow_name', 'f.user_id', 'u.name as user_name'])
    .distinct()
    .execute();
  const workflows = new Map<string, string | null>();
  const senders = new Map<string, string>();
  for (const r of rows) {
    // a noted request has both (its submission's)
    if (r.workflow_id === null || r.user_id === null) continue;
    if (!workflows.get(r.workflow_id)) workflows.set(r.workflow_id, r.workflow_name);
    senders.set(r.user_id, r.user_name ?? 'a deleted account');
  }
  return {
    workflows: [...workflows].map(([id, name]) => ({ id, name })).sort((a, b) => (a.name ?? a.id).localeCompare(b.name ?? b.id)),
    senders: [...senders].map(([id, name]) => ({ id, name })),
  };
}

/** The filters' options with the requests' workflows, and their submitters among the senders. */
export function withRequestOptions(
  options: Omit<InsightsData['options'], 'workflows'>,
  requests: Awaited<ReturnType<typeof approvalFilterOptions>> | null,
): InsightsData['options'] {
  if (!requests) return { ...options, workflows: [] };
  const known = new Set(options.senders.map((s) => s.id));
  const senders = [...options.senders, ...requests.senders.filter((s) => !known.has(s.id))].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  return { ...options, senders, workflows: requests.workflows };
}
