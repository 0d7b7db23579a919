import 'server-only';
import type { Kysely } from 'kysely';
import { operationLabel } from '@/lib/admin/audit-operations';
import { targetPage } from '@/lib/admin/audit-target-pages';
import type { HomeAnswer, HomeRow, HomeSection, HomeSectionId } from '@/lib/home/schemas';
import { can } from '@/lib/roles';
import { statusLabel } from '@/lib/status-labels';
import { ConsoleError } from '../errors';
import { SigningApiError } from '../signing-api/client/errors';
import type { Database } from '../db/schema';
import type { DraftKind, DraftMeta } from '../drafts/draft-record';
import { listDrafts } from '../drafts/read-drafts';
import { openIntents } from '../intents/journal';
import { packageDrafts } from '../package-drafts/package-draft-kind';
import { requestDrafts } from '../request-drafts/request-draft-kind';
import type { User } from '../users/users';
import type { HomePackage, HomeSources } from './home-source-types';
import { intentPlace } from './intent-place';
import { sendsOf } from '../send-records/find-send-records';
import { openReviewsOf } from '../send-records/open-reviews';
import { reviewPath } from '@/lib/drafts/draft-paths';
import { packageDraftPath, requestDraftPath } from '@/lib/drafts/draft-paths';
import { documentEditorPath } from '@/lib/documents/paths';
import { describeViewQuery } from '@/lib/saved-views/describe';
import { SAVED_VIEW_LISTS } from '@/lib/saved-views/schemas';
import { savedViewsOf } from '../saved-views/saved-views';
import { wentWrong } from './went-wrong';
import { finishedDetail } from './finished-words';

export interface ReadHomeOptions {
  db: Kysely<Database>;
  user: User;
  /** the API's time now (packages' times are the API's), read once the API has answered */
  apiNow: () => Date;
  /** the start of the user's previous visit, on the API's clock (home-visits.ts) */
  lastLooked: string | null;
  settings: { expiringDays: number; stuckHours: number; reviewWarnMinutes: number };
  /** where packages and requests are read: the API's lists, or what the watcher recorded */
  sources: HomeSources;
  /** the watcher's last sweep when `sources` are what it recorded; null when they are the API's */
  asOf: string | null;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ROWS = 25;

/**
 * What needs the signed-in user, in order of urgency, within their roles. Each section reads
 * its own sources and fails on its own: its error is shown in its place, the others still are.
 */
export async function readHome({ db, user, apiNow, lastLooked, settings, sources, asOf }: ReadHomeOptions): Promise<HomeAnswer> {
  const roles = user.roles;
  type Read = () => Promise<{ rows: HomeRow[]; total?: number }>;
  const own = ownTargetsOf(db, user.id);
  const wanted: [HomeSectionId, Read][] = [['needs_you', () => needsYou(db, user, own, settings.reviewWarnMinutes, sources)]];
  if (can(roles, 'packages:read'))
    wanted.push(['expiring_soon', () => expiringSoon(db, user, apiNow, settings.expiringDays, sources)]);
  if (can(roles, 'packages:read') || can(roles, 'approvals:read'))
    wanted.push(['stuck', () => stuck(db, user, apiNow, settings.stuckHours, sources)]);
  // Editor sessions end on the API's clock; the audit log keeps the console's own time.
  wanted.push(['drafts', () => drafts(db, user, own, apiNow(), sources)]);
  if (lastLooked !== null && (can(roles, 'packages:read') || can(roles, 'approvals:read')))
    wanted.push(['finished', () => finishedSince(db, user, own, lastLooked, sources)]);
  wanted.push(['went_wrong', () => wentWrong(db, user, new Date())]);
  wanted.push(['saved_views', () => savedViews(db, user)]);
  const sections = await Promise.all(
    wanted.map(async ([id, read]): Promise<HomeSection> => {
      try {
        const { rows, total } = await read();
        return { id, rows: rows.slice(0, ROWS), total: total ?? rows.length, error: null };
      } catch (err) {
        return { id, rows: [], total: 0, error: sectionError(err) };
      }
    }),
  );
  // The badge counts what needs the user and what expires soon: both ask for them before a deadline.
  const counted = (id: HomeSectionId) => {
    const s = sections.find((x) => x.id === id);
    return s && !s.error ? s.total : 0;
  };
  return {
    generated_at: apiNow().toISOString(),
    settings: { expiring_days: settings.expiringDays, stuck_hours: settings.stuckHours },
    last_looked: lastLooked,
    as_of: asOf,
    sections,
    needs_you: counted('needs_you') + counted('expiring_soon'),
  };
}

/** The user's saved lists, those their roles still read. */
async function savedViews(db: Kysely<Database>, user: User): Promise<{ rows: HomeRow[] }> {
  const views = (await savedViewsOf(db, user)).filter((v) => can(user.roles, SAVED_VIEW_LISTS[v.list].permission));
  return {
    rows: views.map((v) => ({
      key: v.id,
      kind: v.list === 'packages' ? 'Packages' : 'Approval requests',
      title: v.name,
      detail: describeViewQuery(v.list, v.query),
      href: v.href,
      at: v.created_at,
      mine: v.mine,
      // Home offers to delete only what the reader may: their own, or (an admin) their team's.
      ...(v.can_change ? { saved_view_id: v.id } : {}),
      ...(v.team ? { shared: { team: v.team.name, by: v.owner.name } } : {}),
    })),
  };
}

function sectionError(err: unknown) {
  if (err instanceof SigningApiError || err instanceof ConsoleError) return { code: err.code, message: err.message };
  return { code: 'INTERNAL', message: 'This part of home could not be read.' };
}

/** What home calls "yours": the targets of these operations of the user's that succeeded. */
const OWN_OPERATIONS = ['approval_request.submit', 'approval_request.resubmit', 'editor.open', 'editor.command'] as const;
type OwnOperation = (typeof OWN_OPERATIONS)[number];

/** One read of the audit log per home view, shared by the sections that ask whose a thing is. */
function ownTargetsOf(db: Kysely<Database>, userId: string) {
  let byOperation: Promise<Map<string, Set<string>>> | undefined;
  return async (operations: OwnOperation[]) => {
    byOperation ??= db
      .selectFrom('audit_log')
      .select(['operation', 'target_id'])
      .where('user_id', '=', userId)
      .where('operation', 'in', [...OWN_OPERATIONS])
      .where('outcome', '=', 'success')
      .where('target_id', 'is not', null)
      .execute()
      .then((rows) => {
        const map = new Map<string, Set<string>>();
        for (const r of rows) map.set(r.operation, (map.get(r.operation) ?? new Set()).add(r.target_id!));
        return map;
      });
    const map = await byOperation;
    return new Set(operations.flatMap((op) => [...(map.get(op) ?? [])]));
  };
}
type OwnTargets = ReturnType<typeof ownTargetsOf>;

const since = (iso: string | null | undefined) => (iso && !Number.isNaN(Date.parse(iso)) ? Date.parse(iso) : null);

async function needsYou(db: Kysely<Database>, user: User, own: OwnTargets, reviewWarnMinutes: number, sources: HomeSources) {
  const rows: HomeRow[] = [];
  // Sends, uploads and submissions whose outcome is still being confirmed come first: only the
  // same request under the same key settles them, from the place each links to.
  for (const intent of await openIntents(db, user.id)) {
    const place = intentPlace(intent);
    rows.push({
      key: `intent:${intent.id}`,
      kind: 'Outcome unknown',
      title: operationLabel(intent.operation) ?? intent.operation,
      detail: `The API's answer was lost. Nothing is sent again until it is confirmed: ${place.action}.`,
      href: place.href,
      at: intent.updated_at,
      mine: true,
    });
  }
  // A review whose receipt is about to lapse: sent within the next minutes, or previewed again.
  if (can(user.roles, 'packages:send')) {
    const now = new Date();
    for (const review of await openReviewsOf(db, user.id, now)) {
      const left = Date.parse(review.lapses_at) - now.getTime();
      if (left > reviewWarnMinutes * 60_000) continue;
      const minutes = Math.max(1, Math.ceil(left / 60_000));
      rows.push({
        key: `review:${review.id}`,
        kind: 'Review lapsing',
        title: review.reference ?? review.template_name ?? review.template_id,
        detail: `The receipt of your review lapses in about ${minutes} min (${review.lapses_at.slice(11, 16)} UTC). Send it from its tab before then, or open it here to preview the same values again.`,
        href: reviewPath(review.id),
        at: review.previewed_at,
        mine: true,
      });
    }
  }
  if (can(user.roles, 'approvals:write')) {
    const [{ rows: waiting }, mine] = await Promise.all([
      sources.requestsIn('NEEDS_REVISION'),
      own(['approval_request.submit', 'approval_request.resubmit']),
    ]);
    const requests = waiting
      .map((r) => ({
        r,
        mine: mine.has(r.id),
        since: since(r.revision_task?.requested_at as string | undefined) ?? since(r.updated_at) ?? 0,
      }))
      .sort((a, b) => Number(b.mine) - Number(a.mine) || a.since - b.since);
    for (const { r, mine: own } of requests) {
      const due = r.sla?.due_at ? ` Due by ${r.sla.due_at.slice(0, 16).replace('T', ' ')} UTC.` : '';
      rows.push({
        key: `request:${r.id}`,
        kind: 'Revision requested',
        title: r.external_id ?? r.id,
        detail: `${own ? 'You submitted it; a' : 'A'} reviewer asked for changes to ${r.workflow_name ?? r.workflow_id ?? 'this request'}.${due}`,
        href: targetPage('approval_request', r.id)!,
        at: r.updated_at ?? null,
        mine: own,
      });
    }
  }
  return { rows };
}

/** Sent-at and expiry of a package: the API's, else what the console recorded when it sent it. */
async function timesOf(db: Kysely<Database>, userId: string, packages: HomePackage[]) {
  const byId = await sendsOf(
    db,
    packages.map((p) => p.id),
  );
  return (p: HomePackage) => {
    const record = byId.get(p.id);
    const sentAt = since(p.sent_at ?? p.created_at) ?? since(record?.sent_at);
    const days = p.expires_in_days ?? record?.expires_in_days;
    const expiresAt = since(p.expires_at) ?? (sentAt !== null && days ? sentAt + days * DAY : null);
    return { sentAt, expiresAt, mine: record?.user_id === userId };
  };
}

const packageTitle = (p: HomePackage) => p.template_name ?? p.template_id ?? p.id;
const signerNames = (p: HomePackage) =>
  p.signers
    .map((s) => s.name)
    .filter(Boolean)
    .join(', ');

async function expiringSoon(db: Kysely<Database>, user: User, apiNow: () => Date, days: number, sources: HomeSources) {
  const [queued, delivered] = await Promise.all([sources.packagesIn('queued'), sources.packagesIn('delivered')]);
  const active = [...queued.rows, ...delivered.rows];
  const times = await timesOf(db, user.id, active);
  const now = apiNow();
  const horizon = now.getTime() + days * DAY;
  const rows = active
    .map((p) => ({ p, t: times(p) }))
    .filter(({ t }) => t.expiresAt !== null && t.expiresAt <= horizon)
    .sort((a, b) => a.t.expiresAt! - b.t.expiresAt!)
    .map(({ p, t }): HomeRow => {
      const left = t.expiresAt! - now.getTime();
      const when =
        left <= 0
          ? 'has expired or is expiring now'
          : left < DAY
            ? `expires in ${Math.max(1, Math.round(left / HOUR))} h`
            : `expires in ${Math.round(left / DAY)} days`;
      return {
        key: `package:${p.id}`,
        kind: 'Package',
        title: packageTitle(p),
        detail: `${signerNames(p) ? `For ${signerNames(p)}: ` : ''}${when}, and is still ${p.status === 'queued' ? 'queued' : 'waiting for signatures'}. The API offers no reminder: contact the signers.`,
        href: targetPage('signature_package', p.id)!,
        at: new Date(t.expiresAt!).toISOString(),
        mine: t.mine,
      };
    });
  return { rows };
}

async function stuck(db: Kysely<Database>, user: User, apiNow: () => Date, hours: number, sources: HomeSources) {
  const rows: HomeRow[] = [];
  if (can(user.roles, 'packages:read')) {
    const { rows: queued } = await sources.packagesIn('queued');
    const times = await timesOf(db, user.id, queued);
    const now = apiNow();
    const before = now.getTime() - hours * HOUR;
    for (const p of queued) {
      const t = times(p);
      if (t.sentAt === null || t.sentAt > before) continue;
      rows.push({
        key: `package:${p.id}`,
        kind: 'Package',
        title: packageTitle(p),
        detail: `Still queued ${Math.floor((now.getTime() - t.sentAt) / HOUR)} h after it was sent: queued is not delivery, and nobody has been invited yet.`,
        href: targetPage('signature_package', p.id)!,
        at: new Date(t.sentAt).toISOString(),
        mine: t.mine,
      });
    }
  }
  if (can(user.roles, 'approvals:read')) {
    const { rows: inProgress } = await sources.requestsIn('IN_PROGRESS');
    const now = apiNow();
    for (const r of inProgress) {
      const due = since(r.sla?.due_at);
      if (!(r.sla?.breached === true || (due !== null && due < now.getTime()))) continue;
      rows.push({
        key: `request:${r.id}`,
        kind: 'Approval request',
        title: r.external_id ?? r.id,
        detail: `Past its SLA${r.current_layer_name ? ` at ${r.current_layer_name}` : ''}: the reviewers have not decided in time.`,
        href: targetPage('approval_request', r.id)!,
        at: r.sla?.due_at ?? null,
        mine: false,
      });
    }
  }
  rows.sort((a, b) => (since(a.at) ?? 0) - (since(b.at) ?? 0));
  return { rows };
}

/** An editor session ending within this is "about to end". */
const EDITOR_ENDING_MS = 15 * 60 * 1000;

async function drafts(db: Kysely<Database>, user: User, own: OwnTargets, now: Date, sources: HomeSources) {
  const rows: HomeRow[] = [];
  let total = 0;
  if (can(user.roles, 'documents:write')) {
    const [{ rows: documents }, touched, sessions] = await Promise.all([
      sources.recentDocuments(),
      own(['editor.open', 'editor.command']),
      db
        .selectFrom('editor_sessions')
        .select(['document_id', 'expires_at'])
        .where('created_by', '=', user.id)
        .where('expires_at', '>', now.toISOString())
        .where('expires_at', '<', new Date(now.getTime() + EDITOR_ENDING_MS).toISOString())
        .execute(),
    ]);
    const named = new Map(documents.map((d) => [d.id, d.name]));
    total += sessions.length;
    for (const s of sessions)
      rows.push({
        key: `editor-session:${s.document_id}`,
        kind: 'Editor session ending',
        title: named.get(s.document_id) ?? s.document_id,
        detail: `Your field editor session ends at ${s.expires_at.slice(11, 16)} UTC: save what is unsaved before then, or open the editor again afterwards.`,
        href: documentEditorPath(s.document_id),
        at: s.expires_at,
        mine: true,
      });
    // A layout this user worked on that the API does not call completed (where it says).
    for (const d of documents) {
      if (!touched.has(d.id) || d.layout_status === undefined || d.layout_status === 'completed' || d.layout_status === 'none')
        continue;
      total++;
      rows.push({
        key: `layout:${d.id}`,
        kind: 'Layout not completed',
        title: d.name,
        detail: 'You laid out fields on this document but did not complete the layout: finish it in the field editor.',
        href: documentEditorPath(d.id),
        at: d.updated_at ?? null,
        mine: true,
      });
    }
  }
  if (can(user.roles, 'packages:send'))
    total += await consoleDrafts(db, user.id, packageDrafts, rows, (d) => ({
      kind: 'Package draft',
      title: d.template_name ?? d.template_id,
      href: packageDraftPath(d.id),
    }));
  if (can(user.roles, 'approvals:write')) {
    // Requests saved as drafts at the API before the console kept its own: this user's.
    const [{ rows: atApi }, mine] = await Promise.all([sources.requestsIn('DRAFT'), own(['approval_request.submit'])]);
    for (const r of atApi.filter((x) => mine.has(x.id))) {
      total++;
      rows.push({
        key: `api-draft:${r.id}`,
        kind: 'Draft at the API',
        title: r.external_id ?? r.id,
        detail:
          'Saved as a draft at the API, where nobody can submit, edit or delete it from here; it keeps its workflow from being archived.',
        href: targetPage('approval_request', r.id)!,
        at: r.updated_at ?? null,
        mine: true,
      });
    }
    total += await consoleDrafts(db, user.id, requestDrafts, rows, (d) => ({
      kind: 'Request draft',
      title: d.workflow_name ?? d.workflow_id,
      href: requestDraftPath(d.id),
    }));
  }
  rows.sort((a, b) => (since(b.at) ?? 0) - (since(a.at) ?? 0));
  return { rows, total };
}

/** The user's ten latest drafts of one kind the console keeps, as rows; answers how many there are. */
async function consoleDrafts<S extends DraftMeta>(
  db: Kysely<Database>,
  userId: string,
  kind: DraftKind<unknown, S>,
  rows: HomeRow[],
  rowOf: (d: S) => Pick<HomeRow, 'kind' | 'title' | 'href'>,
) {
  const page = await listDrafts(db, kind, { userId, page: 1, size: 10 });
  for (const d of page.data)
    rows.push({ key: `${kind.kind}-draft:${d.id}`, detail: d.label, at: d.updated_at, mine: true, ...rowOf(d) });
  return page.pagination.total;
}

/** The spec names three request statuses; any other the API answers is taken as decided. */
const UNDECIDED = new Set(['DRAFT', 'IN_PROGRESS', 'NEEDS_REVISION']);
const FINISHED_AT = { completed: 'completed_at', declined: 'declined_at', expired: 'expired_at' } as const;

async function finishedSince(db: Kysely<Database>, user: User, own: OwnTargets, lastLooked: string, sources: HomeSources) {
  const after = since(lastLooked) ?? 0;
  const rows: HomeRow[] = [];
  if (can(user.roles, 'packages:read')) {
    const lists = await Promise.all(
      (['completed', 'declined', 'expired'] as const).map(async (status) => ({ status, ...(await sources.packagesIn(status)) })),
    );
    const all = lists.flatMap((l) => l.rows.map((p) => ({ p, at: p[FINISHED_AT[l.status]] ?? null })));
    const times = await timesOf(
      db,
      user.id,
      all.map((x) => x.p),
    );
    for (const { p, at } of all) {
      const when = since(at);
      if (when === null || when <= after) continue;
      rows.push({
        key: `package:${p.id}`,
        kind: statusLabel('package', p.status),
        status: { family: 'package', code: p.status },
        title: packageTitle(p),
        detail: finishedDetail(p),
        href: targetPage('signature_package', p.id)!,
        at: new Date(when).toISOString(),
        mine: times(p).mine,
      });
    }
  }
  if (can(user.roles, 'approvals:read')) {
    const [{ rows: recent }, mine] = await Promise.all([
      sources.recentRequests(),
      own(['approval_request.submit', 'approval_request.resubmit']),
    ]);
    for (const r of recent) {
      if (UNDECIDED.has(r.status)) continue;
      const when = since(r.completed_at) ?? since(r.updated_at);
      if (when === null || when <= after) continue;
      rows.push({
        key: `request:${r.id}`,
        kind: statusLabel('request', r.status),
        status: { family: 'request', code: r.status },
        title: r.external_id ?? r.id,
        detail: `Decided: ${statusLabel('request', r.status).toLowerCase()}${r.workflow_name ? ` (${r.workflow_name})` : ''}.`,
        href: targetPage('approval_request', r.id)!,
        at: new Date(when).toISOString(),
        mine: mine.has(r.id),
      });
    }
  }
  rows.sort((a, b) => (since(b.at) ?? 0) - (since(a.at) ?? 0));
  return { rows };
}
