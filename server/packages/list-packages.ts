import 'server-only';
import type { SignaturePackage } from '@/lib/packages/schemas';
import { db } from '../db';
import { recordsOf, searchSendRecords } from '../send-records/find-send-records';
import { SigningApiError } from '../signing-api/client/errors';
import { getPackage, listPackages as listFromApi } from '../signing-api/packages';

/** Packages the console's record finds beyond the API's own matches: each costs a read of the API. */
export const RECORD_SEARCH_LIMIT = 10;

export interface ListPackagesOptions {
  query: { page: number; size: number; q?: string; status?: string; archived?: 'only' };
}

const isArchived = (p: SignaturePackage) => p.archived === true || Boolean(p.archived_at);
const inFilters = (p: SignaturePackage, q: ListPackagesOptions['query']) =>
  (q.status === undefined || p.status === q.status) && (q.archived === 'only' ? isArchived(p) : !isArchived(p));

/**
 * The app's packages as the API lists them, each with what the console recorded when it sent
 * it (recipients, the sender's reference). A search also reads that record, since the API's
 * `q` may not look at recipients or values: on the first page, the packages it finds there
 * that the API's answer lacks are read one by one (at most RECORD_SEARCH_LIMIT, most recently
 * sent first) and added when they pass the list's filters.
 */
export async function listPackages({ query }: ListPackagesOptions) {
  const page = await listFromApi(query);
  const conn = await db();
  let added: SignaturePackage[] = [];
  let recordSearch: { matched: number; added: number } | undefined;
  if (query.q && query.page === 1) {
    const { ids, total } = await searchSendRecords(conn, query.q, RECORD_SEARCH_LIMIT);
    const listed = new Set(page.data.map((p) => p.id));
    const read = await Promise.all(ids.filter((id) => !listed.has(id)).map(readIfThere));
    added = read.filter((p): p is SignaturePackage => p !== null && inFilters(p, query));
    recordSearch = { matched: total, added: added.length };
  }
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
    ...(recordSearch ? { record_search: recordSearch } : {}),
  };
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
