import 'server-only';
import type { Kysely } from 'kysely';
import { hasDateRange, withinDays, type DateRangeQuery } from '@/lib/list/date-ranges';
import type { ConsoleRecord, SignaturePackage } from '@/lib/packages/schemas';
import { db } from '../db';
import type { Database } from '../db/schema';
import { pageOfRows, scanList } from '../lists/scan-list';
import { recordsOf, searchSendRecords, sendsMatching, type SendRecordFilters } from '../send-records/find-send-records';
import { SigningApiError } from '../signing-api/client/errors';
import { getPackage, listPackages as listFromApi } from '../signing-api/packages';
import { currentScope } from '../teams/scope';
import { idsInScope } from '../teams/visible-records';

/** Packages the console's record finds beyond the API's own matches: each costs a read of the API. */
export const RECORD_SEARCH_LIMIT = 10;
/** How much of the app's history a date range looks through (20 of the API's pages). */
export const RANGE_SCAN_ROWS = 2_000;

type Filters = { q?: string; status?: string; archived?: 'only' } & DateRangeQuery & SendRecordFilters;

const byRecord = (q: SendRecordFilters) => Boolean(q.template || q.sender || q.team);

export interface ListPackagesOptions {
  query: { page: number; size: number } & Filters;
}

const isArchived = (p: SignaturePackage) => p.archived === true || Boolean(p.archived_at);
const inFilters = (p: SignaturePackage, q: Filters) =>
  (q.status === undefined || p.status === q.status) && (q.archived === 'only' ? isArchived(p) : !isArchived(p));

// The spec names no times on a package: the API's own where it gives them (a package is
// created when it is sent), else the console's record, which keeps this console's clock.
const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
/** When a package was sent. */
export const sentAtOf = (p: SignaturePackage, record: ConsoleRecord | null | undefined) =>
  text(p.sent_at) ?? text(p.created_at) ?? record?.sent_at ?? undefined;
/** When a package last changed: the API's updated_at, else its latest dated event. */
export function updatedAtOf(p: SignaturePackage, record: ConsoleRecord | null | undefined): string | undefined {
  const given = text((p as Record<string, unknown>).updated_at);
  if (given) return given;
  const times = [p.completed_at, p.declined_at, p.expired_at, p.archived_at, p.delivered_at, sentAtOf(p, record)]
    .map(text)
    .filter((t): t is string => Boolean(t));
  return times.sort((a, b) => Date.parse(b) - Date.parse(a))[0];
}
const inRanges = (p: SignaturePackage, record: ConsoleRecord | null | undefined, q: Filters) =>
  withinDays(sentAtOf(p, record), q.sent_from, q.sent_to) && withinDays(updatedAtOf(p, record), q.updated_from, q.updated_to);

/**
 * The app's packages as the API lists them, each with what the console recorded when it sent
 * it (recipients, the sender's reference). A search also reads that record, since the API's
 * `q` may not look at recipients or values: on the first page, the packages it finds there
 * that the API's answer lacks are read one by one (at most RECORD_SEARCH_LIMIT, most recently
 * sent first) and added when they pass the list's filters. A date range (which the API cannot
 * filter by) reads the newest RANGE_SCAN_ROWS of the list and pages what falls in range.
 */
export async function listPackages({ query }: ListPackagesOptions) {
  // Seen through teams, the list is the reader's teams' packages (sent for them, or given to them
  // by an admin) among the newest RANGE_SCAN_ROWS, paged here, so its pages and counts hold only those.
  if (hasDateRange(query) || byRecord(query) || (await currentScope()).kind === 'teams') {
    const { rows, scanned, complete } = await packagesMatching(query, RANGE_SCAN_ROWS);
    return { ...pageOfRows(rows, query.page, query.size), scan: { scanned, complete } };
  }
  const page = await listFromApi({ ...withoutRanges(query), page: query.page, size: query.size });
  const conn = await db();
  const found = query.q && query.page === 1 ? await foundInRecord(conn, query, page.data) : null;
  const added = found?.added ?? [];
  const rows = [...page.data, ...added];
  const records = await recordsOf(
    conn,
    rows.map((p) => p.id),
  );
  const addedIds = new Set(added.map((p) => p.id));
  return {
    ...page,
    // What the record added counts in, so the list is not "nothing matches" when only it did.
    pagination:
      added.length > 0
        ? { ...page.pagination, total: page.pagination.total + added.length, pages: Math.max(page.pagination.pages, 1) }
        : page.pagination,
    data: rows.map((p) => ({ ...p, console_record: records.get(p.id) ?? null, found_in_record: addedIds.has(p.id) })),
    ...(found ? { record_search: { matched: found.matched, added: added.length } } : {}),
  };
}

/**
 * Every package the list's filters and date ranges select, newest first as the API lists them,
 * among the first `maxRows` the API lists (and, for a search, what the console's record finds).
 */
export async function packagesMatching(filters: Filters, maxRows: number) {
  const scan = await scanList({ read: (page, size) => listFromApi({ ...withoutRanges(filters), page, size }), maxRows });
  const conn = await db();
  const found = filters.q ? await foundInRecord(conn, filters, scan.rows) : null;
  const all = [...scan.rows, ...(found?.added ?? [])];
  const records = await recordsOf(
    conn,
    all.map((p) => p.id),
  );
  const addedIds = new Set(found?.added.map((p) => p.id));
  // A template, sender or team is what the console recorded of the send (insights' drill-downs open these).
  const matching = byRecord(filters)
    ? await sendsMatching(
        conn,
        all.map((p) => p.id),
        filters,
      )
    : null;
  // Through teams: what the console sent for the reader's teams, or an admin gave to one of them.
  const seen = await idsInScope(
    conn,
    'package',
    all.map((p) => p.id),
  );
  const rows = all
    .filter((p) => seen === null || seen.has(p.id))
    .filter((p) => !matching || matching.has(p.id))
    .filter((p) => inRanges(p, records.get(p.id), filters))
    .map((p) => ({ ...p, console_record: records.get(p.id) ?? null, found_in_record: addedIds.has(p.id) }));
  return { rows, scanned: scan.scanned, complete: scan.complete };
}

function withoutRanges({ q, status, archived }: Filters) {
  return { q, status, archived };
}

/** What the console's record of its sends finds for `q` beyond `listed`, read from the API and in the list's filters. */
async function foundInRecord(conn: Kysely<Database>, q: Filters & { q?: string }, listed: readonly SignaturePackage[]) {
  const { ids, total } = await searchSendRecords(conn, q.q!, RECORD_SEARCH_LIMIT);
  const have = new Set(listed.map((p) => p.id));
  const read = await Promise.all(ids.filter((id) => !have.has(id)).map(readIfThere));
  return { matched: total, added: read.filter((p): p is SignaturePackage => p !== null && inFilters(p, q)) };
}

async function readIfThere(id: string): Promise<SignaturePackage | null> {
  try {
    return await getPackage(id);
  } catch (err) {
    // Sent by this console, but no longer the app's to read: not a match.
    if (err instanceof SigningApiError && err.status === 404) return null;
    throw err;
  }
}
