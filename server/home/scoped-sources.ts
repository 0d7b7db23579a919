import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { currentScope } from '../teams/scope';
import { visibleRecords, type RecordKind } from '../teams/visible-records';
import type { HomeList, HomeSources } from './home-source-types';

/**
 * Home's lists as the reader's teams see them: the app's lists (shared by every reader, and
 * cached so) filtered to the records the console made for the reader's teams. What is left out
 * is not counted either: a list answers its rows alone, never the app's total.
 */
export async function scopedHomeSources(db: Kysely<Database>, sources: HomeSources): Promise<HomeSources> {
  const scope = await currentScope();
  if (scope.kind === 'everything') return sources;
  const keep =
    <A extends unknown[], T extends { id: string }>(kind: RecordKind, read: (...args: A) => Promise<HomeList<T>>) =>
    async (...args: A): Promise<HomeList<T>> => {
      const { rows } = await read(...args);
      const seen = await visibleRecords(
        db,
        scope,
        rows.map((r) => ({ kind, id: r.id })),
      );
      return { rows: rows.filter((r) => seen.has(`${kind}:${r.id}`)) };
    };
  return {
    packagesIn: keep('package', sources.packagesIn),
    requestsIn: keep('approval_request', sources.requestsIn),
    recentRequests: keep('approval_request', sources.recentRequests),
    recentDocuments: keep('document', sources.recentDocuments),
  };
}
