import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { inScope, type TeamScope } from '../teams/scope';

/** What narrows the figures, besides the period: a team, a template, a sender (a user id). */
export interface InsightsFilters {
  team?: string;
  template?: string;
  sender?: string;
}

/** Where a figure reads from, for whom. */
export interface FigureSource {
  db: Kysely<Database>;
  scope: TeamScope;
  filters: InsightsFilters;
}

/**
 * The packages this console sent (a send record with its package: every send, one by one or
 * from a batch, goes through one) that the reader's teams see and the filters select, as `s`.
 */
export function sends({ db, scope, filters }: FigureSource) {
  let query = db
    .selectFrom('send_records as s')
    .where('s.package_id', 'is not', null)
    .where('s.sent_at', 'is not', null)
    .where(inScope('s.team_id', scope));
  if (filters.team) query = query.where('s.team_id', '=', filters.team);
  if (filters.template) query = query.where('s.template_id', '=', filters.template);
  if (filters.sender) query = query.where('s.user_id', '=', filters.sender);
  return query;
}

/** The sends of a period: sent from `start` (included) to `end` (excluded), ISO instants. */
export const sendsBetween = (source: FigureSource, start: string, end: string) =>
  sends(source).where('s.sent_at', '>=', start).where('s.sent_at', '<', end);

/**
 * The same packages as `sends`, as `f`, from package_facts (server/db/package-facts-sql.ts): one
 * row per package, with its status now and its time to complete beside it, so a figure over a
 * year of them reads one index and joins nothing.
 */
export function sentFacts({ db, scope, filters }: FigureSource) {
  let query = db.selectFrom('package_facts as f').where('f.sent_at', 'is not', null).where(inScope('f.team_id', scope));
  if (filters.team) query = query.where('f.team_id', '=', filters.team);
  if (filters.template) query = query.where('f.template_id', '=', filters.template);
  if (filters.sender) query = query.where('f.user_id', '=', filters.sender);
  return query;
}

/** The sent packages' facts of a period: sent from `start` (included) to `end` (excluded), ISO instants. */
export const sentFactsBetween = (source: FigureSource, start: string, end: string) =>
  sentFacts(source).where('f.sent_at', '>=', start).where('f.sent_at', '<', end);

/** Whether any filter narrows the figures (the API's and the watcher's records carry none of them). */
export const isFiltered = (filters: InsightsFilters) => Boolean(filters.team || filters.template || filters.sender);
