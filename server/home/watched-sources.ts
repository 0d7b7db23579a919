import 'server-only';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { OPEN_STATUSES } from '../watcher/open-statuses';
import { apiHomeSources } from './home-sources';
import type { HomePackage, HomeRequest, HomeSources } from './home-source-types';

// Home's packages and requests as the watcher recorded them (issue 36), for the records the
// console knows who started: packages of its sending records, requests of its successful
// submissions. Their names and signers are the console's own (what the sender previewed, the
// external id the operator submitted), their statuses and times the API's as the watcher last
// saw them. Records started outside the console are not listed here; the API's lists still
// hold them.
//
// Two things only the API knows are still asked of it: a request's SLA (what makes an
// in-progress request stuck) and the documents.

const DAY = 24 * 3_600_000;
/** Sends this recent that the watcher does not follow yet are taken at the status the send answered. */
const UNFOLLOWED_SENDS_MS = DAY;

const signersSchema = z.array(z.looseObject({ name: z.string().nullish() })).catch([]);
const submissionSchema = z.looseObject({ external_id: z.string().nullish() }).catch({});

function parsed<T>(schema: z.ZodType<T>, json: string | null): T {
  try {
    return schema.parse(json === null ? null : JSON.parse(json));
  } catch {
    return schema.parse(null);
  }
}

const names = (json: string) => parsed(signersSchema, json).map((s) => ({ name: s.name ?? undefined }));
const externalId = (details: string | null) => parsed(submissionSchema, details).external_id ?? undefined;

export interface WatchedSourcesOptions {
  db: Kysely<Database>;
  /** the user's previous visit (the API's time): what finished after it is read; null reads none */
  since: string | null;
  now?: Date;
}

export function watchedHomeSources({ db, since, now = new Date() }: WatchedSourcesOptions): HomeSources {
  let open: Promise<HomePackage[]> | undefined;
  return {
    async packagesIn(status) {
      if (OPEN_STATUSES.package.includes(status)) {
        open ??= openPackages(db, now);
        return { rows: (await open).filter((p) => p.status === status) };
      }
      return { rows: since === null ? [] : await packagesFinishedSince(db, status, since) };
    },
    async requestsIn(status) {
      // The SLA of an in-progress request is the API's alone: what is stuck is asked of it.
      if (status === 'IN_PROGRESS' || !OPEN_STATUSES.approval_request.includes(status)) return apiHomeSources.requestsIn(status);
      return { rows: await openRequests(db, status) };
    },
    async recentRequests() {
      return { rows: since === null ? [] : await requestsDecidedSince(db, since) };
    },
    recentDocuments: () => apiHomeSources.recentDocuments(),
  };
}

/** Open packages the console sent: as the watcher last saw them, or as their send answered when it has not yet. */
async function openPackages(db: Kysely<Database>, now: Date): Promise<HomePackage[]> {
  const queuedAt = sql<string | null>`(SELECT MIN(h.at) FROM status_history h
    WHERE h.kind = 'package' AND h.id = send_records.package_id AND h.to_status = 'queued')`;
  const columns = [
    'send_records.package_id',
    'send_records.template_id',
    'send_records.template_name',
    'send_records.signers',
    'send_records.expires_in_days',
    'send_records.sent_at',
    'send_records.sent_status',
  ] as const;
  const [followed, unfollowed] = await Promise.all([
    db
      .selectFrom('watched_records')
      .innerJoin('send_records', 'send_records.package_id', 'watched_records.id')
      .select([...columns, 'watched_records.last_status', queuedAt.as('queued_at')])
      .where('watched_records.finished', '=', 0)
      .where('watched_records.kind', '=', 'package')
      .execute(),
    db
      .selectFrom('send_records')
      .select([...columns, sql<string | null>`NULL`.as('last_status'), sql<string | null>`NULL`.as('queued_at')])
      .where('send_records.sent_at', '>=', new Date(now.getTime() - UNFOLLOWED_SENDS_MS).toISOString())
      .where('send_records.package_id', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('watched_records as w')
              .select('w.id')
              .where('w.kind', '=', 'package')
              .whereRef('w.id', '=', 'send_records.package_id'),
          ),
        ),
      )
      .execute(),
  ]);
  const byId = new Map<string, HomePackage>();
  for (const r of [...followed, ...unfollowed]) {
    const status = r.last_status ?? r.sent_status;
    if (!r.package_id || !status || !OPEN_STATUSES.package.includes(status)) continue;
    byId.set(r.package_id, {
      id: r.package_id,
      status,
      template_id: r.template_id,
      template_name: r.template_name ?? undefined,
      signers: names(r.signers),
      // the API's time it was sent, where the watcher saw it queued; else the console's
      sent_at: r.queued_at ?? r.sent_at ?? undefined,
      expires_in_days: r.expires_in_days,
    });
  }
  return [...byId.values()];
}

const FINISHED = ['completed', 'declined', 'expired'];

/** Packages the console sent that entered `status` after `since`, at the API's time the watcher recorded. */
async function packagesFinishedSince(db: Kysely<Database>, status: string, since: string): Promise<HomePackage[]> {
  if (!FINISHED.includes(status)) return [];
  const rows = await db
    .selectFrom('status_history')
    .innerJoin('send_records', 'send_records.package_id', 'status_history.id')
    .select([
      'status_history.id',
      'status_history.at',
      'send_records.template_id',
      'send_records.template_name',
      'send_records.signers',
      'send_records.expires_in_days',
    ])
    .where('status_history.at', '>', since)
    .where('status_history.kind', '=', 'package')
    .where('status_history.to_status', '=', status)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    status,
    template_id: r.template_id,
    template_name: r.template_name ?? undefined,
    // Who signed or declined is not recorded: every signer of a completed package has signed,
    // of the others the row names nobody rather than guess.
    signers: status === 'completed' ? names(r.signers) : [],
    expires_in_days: r.expires_in_days,
    completed_at: status === 'completed' ? r.at : undefined,
    declined_at: status === 'declined' ? r.at : undefined,
    expired_at: status === 'expired' ? r.at : undefined,
  }));
}

const submitted = (db: Kysely<Database>) =>
  db
    .selectFrom('audit_log')
    .select(['audit_log.target_id', 'audit_log.details'])
    .where('audit_log.operation', '=', 'approval_request.submit')
    .where('audit_log.outcome', '=', 'success');

/**
 * Requests the console submitted that the watcher last saw in `status`, but not one resubmitted
 * from here since it saw it (the next sweep will say where it went).
 */
async function openRequests(db: Kysely<Database>, status: string): Promise<HomeRequest[]> {
  const rows = await db
    .selectFrom('watched_records')
    .innerJoin(submitted(db).as('s'), 's.target_id', 'watched_records.id')
    .select(['watched_records.id', 'watched_records.last_seen_at', 's.details'])
    .where('watched_records.finished', '=', 0)
    .where('watched_records.kind', '=', 'approval_request')
    .where('watched_records.last_status', '=', status)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('audit_log as r')
            .select('r.id')
            .whereRef('r.target_id', '=', 'watched_records.id')
            .where('r.operation', '=', 'approval_request.resubmit')
            .where('r.outcome', '=', 'success')
            .whereRef('r.at', '>', 'watched_records.updated_at'),
        ),
      ),
    )
    .execute();
  return unique(rows).map((r) => ({
    id: r.id,
    status,
    external_id: externalId(r.details),
    updated_at: r.last_seen_at ?? undefined,
  }));
}

/** Requests the console submitted that were decided after `since`, at the API's time the watcher recorded. */
async function requestsDecidedSince(db: Kysely<Database>, since: string): Promise<HomeRequest[]> {
  const rows = await db
    .selectFrom('status_history')
    .innerJoin(submitted(db).as('s'), 's.target_id', 'status_history.id')
    .select(['status_history.id', 'status_history.to_status', 'status_history.at', 's.details'])
    .where('status_history.at', '>', since)
    .where('status_history.kind', '=', 'approval_request')
    .where('status_history.to_status', 'not in', [...OPEN_STATUSES.approval_request])
    .execute();
  return unique(rows).map((r) => ({
    id: r.id,
    status: r.to_status,
    external_id: externalId(r.details),
    completed_at: r.at,
    updated_at: r.at,
  }));
}

/** One row per record: a submission replayed under its key may be in the audit log twice. */
function unique<T extends { id: string }>(rows: T[]): T[] {
  return [...new Map(rows.map((r) => [r.id, r])).values()];
}
