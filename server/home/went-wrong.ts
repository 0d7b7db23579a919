import 'server-only';
import type { Kysely, Selectable } from 'kysely';
import { operationLabel } from '@/lib/admin/audit-operations';
import { failureWords } from '@/lib/home/failure-words';
import type { HomeRow } from '@/lib/home/schemas';
import type { AuditLogTable, Database } from '../db/schema';
import type { User } from '../users/users';
import { bulkRowOf, failurePlace, type FailedAction } from './failure-place';
import { dismissedKeys } from './home-dismissals';

/** Failures older than this are not home's business any more (the audit log keeps them). */
export const WENT_WRONG_WINDOW_MS = 24 * 3_600_000;
/** The most failures of one user home weighs in a view: more in a day is a pattern, not a task. */
const READ_AT_MOST = 200;

/** Operations whose audit target is what they made (a package, a batch, an id), not what they were about. */
const TARGET_IS_RESULT = new Set([
  'package.send',
  'bulk.send_row',
  'bulk.create',
  'document.upload',
  'approval_request.submit',
  'category.create',
  'saved_view.create',
  'user.create',
  'package_draft.create',
  'request_draft.create',
]);

type Entry = Selectable<AuditLogTable>;

/** The bulk row an action was about: by its request's path, or as background work names it. */
const rowOfAction = (a: FailedAction) =>
  bulkRowOf(a.path) ??
  (typeof a.details.batch_id === 'string' && typeof a.details.position === 'number'
    ? { batchId: a.details.batch_id, position: a.details.position }
    : null);

function detailsOf(e: Pick<Entry, 'details'>): Record<string, unknown> {
  if (!e.details) return {};
  try {
    const parsed: unknown = JSON.parse(e.details);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * What an action was about, so a later success of the same is seen to put a failure right: the
 * operation, the route it went to, its target (unless the target is what it made), and the
 * template, workflow or list it was for.
 */
function subjectOf(a: FailedAction): string {
  const what = [a.details.template_id, a.details.workflow_release_id, a.details.list].find((v) => typeof v === 'string') as
    string | undefined;
  const target = TARGET_IS_RESULT.has(a.operation) ? '' : `${a.target_type ?? ''}:${a.target_id ?? ''}`;
  // A row the console sent in the background has no request path: its batch and row say which.
  const row = typeof a.details.batch_id === 'string' ? `${a.details.batch_id}/${String(a.details.position)}` : '';
  return [a.operation, a.path ?? '', target, what?.replace(/@.*$/, '') ?? '', row].join('|');
}

/**
 * The user's own failures of the last day that still stand, newest first: each says in words
 * what went wrong and links to where it is put right. One leaves the list once it is resolved
 * (the same action at the same place succeeded later, by this user or, for an existing record,
 * anyone), superseded (a bulk row since sent or cancelled, or its batch deleted), or dismissed.
 */
export async function wentWrong(db: Kysely<Database>, user: User, now: Date): Promise<{ rows: HomeRow[] }> {
  const from = new Date(now.getTime() - WENT_WRONG_WINDOW_MS).toISOString();
  const failures = await db
    .selectFrom('audit_log')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('outcome', '=', 'failure')
    .where('at', '>=', from)
    // Sign-in refusals are the sign-in page's business, not a task.
    .where('operation', 'not like', 'auth.%')
    .orderBy('id', 'desc')
    .limit(READ_AT_MOST)
    .execute();
  if (failures.length === 0) return { rows: [] };
  const dismissed = await dismissedKeys(db, user.id);
  const standing = failures.filter((f) => !dismissed.has(`audit:${f.id}`));
  if (standing.length === 0) return { rows: [] };

  const oldest = Math.min(...standing.map((f) => f.id));
  const operations = [...new Set(standing.map((f) => f.operation))];
  const targets = [...new Set(standing.flatMap((f) => (f.target_id && !TARGET_IS_RESULT.has(f.operation) ? [f.target_id] : [])))];
  const successes = await db
    .selectFrom('audit_log')
    .selectAll()
    .where('id', '>', oldest)
    .where('outcome', '=', 'success')
    .where('operation', 'in', operations)
    .where((eb) =>
      targets.length ? eb.or([eb('user_id', '=', user.id), eb('target_id', 'in', targets)]) : eb('user_id', '=', user.id),
    )
    .execute();
  const keys = [
    ...new Set([...standing, ...successes].flatMap((e) => (e.idempotency_key && e.user_id ? [e.idempotency_key] : []))),
  ];
  const intents = keys.length
    ? await db
        .selectFrom('intent_journal')
        .select(['user_id', 'idempotency_key', 'path'])
        .where('idempotency_key', 'in', keys)
        .execute()
    : [];
  // Keys are the user's own: a path is looked up under the entry's user.
  const byKey = new Map(intents.map((i) => [`${i.user_id} ${i.idempotency_key}`, i.path]));
  const actionOf = (e: Entry): FailedAction => ({
    operation: e.operation,
    target_type: e.target_type,
    target_id: e.target_id,
    details: detailsOf(e),
    path: e.idempotency_key ? (byKey.get(`${e.user_id} ${e.idempotency_key}`) ?? null) : null,
  });

  // The latest success of each subject: a failure before it is put right.
  const putRight = new Map<string, number>();
  for (const s of successes) {
    const action = actionOf(s);
    const subject = subjectOf(action);
    const mine = s.user_id === user.id;
    // Someone else's success counts only for a record that exists (archived, edited…), not for what they made.
    if (!mine && TARGET_IS_RESULT.has(s.operation)) continue;
    putRight.set(subject, Math.max(putRight.get(subject) ?? 0, s.id));
  }

  const rowsGone = await settledBulkRows(
    db,
    standing.flatMap((f) => {
      const row = rowOfAction(actionOf(f));
      return row ? [row] : [];
    }),
  );

  const rows: HomeRow[] = [];
  for (const f of standing) {
    const action = actionOf(f);
    if ((putRight.get(subjectOf(action)) ?? 0) > f.id) continue;
    const row = rowOfAction(action);
    if (row && rowsGone.has(`${row.batchId}/${row.position}`)) continue;
    const place = failurePlace(action);
    rows.push({
      key: `audit:${f.id}`,
      kind: 'Failed',
      title: operationLabel(f.operation) ?? f.operation,
      detail: `${failureWords(f.error_code, f.status)} ${place.action}`,
      href: place.href,
      at: f.at,
      mine: true,
      dismissible: true,
    });
  }
  return { rows };
}

/** Of these batch rows, those whose failure no longer stands: sent, cancelled, skipped, or gone with their batch. */
async function settledBulkRows(db: Kysely<Database>, rows: { batchId: string; position: number }[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const batches = [...new Set(rows.map((r) => r.batchId))];
  const found = await db
    .selectFrom('bulk_rows')
    .select(['batch_id', 'position', 'state'])
    .where('batch_id', 'in', batches)
    .execute();
  const state = new Map(found.map((r) => [`${r.batch_id}/${r.position}`, r.state]));
  return new Set(
    rows
      .map((r) => `${r.batchId}/${r.position}`)
      .filter((k) => {
        const s = state.get(k);
        return s === undefined || s === 'sent' || s === 'cancelled' || s === 'skipped';
      }),
  );
}
