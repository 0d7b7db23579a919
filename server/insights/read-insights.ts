import 'server-only';
import type { InsightsFigure } from '@/lib/insights/params';
import type { InsightsQuery } from '@/lib/insights/query';
import type { InsightsData } from '@/lib/insights/types';
import { can } from '@/lib/roles';
import type { Kysely } from 'kysely';
import { db as database } from '../db';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { currentScope, holdsTeam } from '../teams/scope';
import type { User } from '../users/users';
import { approvalFigures } from './approval-figures';
import { approvalFilterOptions, withRequestOptions } from './approval-filter-options';
import { expiringSoon } from './expiring-soon';
import { filterOptions } from './filter-options';
import { packageDurations } from './package-durations';
import { packageOutcomes } from './package-outcomes';
import { packageTallies, type PackageTallies } from './package-tallies';
import { packagesSent } from './packages-sent';
import { periodOf } from './period';
import type { FigureSource } from './sends';
import { templateLosses } from './template-losses';
import { unseen } from './unseen';

export interface ReadInsightsOptions {
  query: InsightsQuery;
  user: Pick<User, 'id' | 'roles'>;
  now?: Date;
  /** the console's database unless given (the bench reads a seeded SQLite and PostgreSQL in one process) */
  db?: Kysely<Database>;
  /** one chart's figures alone (its CSV export): the other reads are skipped and their parts of the answer left empty */
  figure?: InsightsFigure;
}

// What each chart's CSV is made of: the tallies serve the outcome mix and the templates' losses.
const TALLIED: readonly InsightsFigure[] = ['package-outcomes', 'template-losses'];
const REQUESTS: readonly InsightsFigure[] = [
  'requests-submitted',
  'request-decisions',
  'revision-rounds',
  'requests-by-workflow',
  'layer-times',
  'request-sla',
];
const NO_TALLIES: PackageTallies = { watcherSince: null, rows: [] };
const NO_DURATIONS = { to_complete: { count: 0, median_ms: null, p90_ms: null }, to_first_signature: null };
const NOT_EXPIRING = { days: [], packages: [], total: 0 };
const NOTHING_UNSEEN = { watcher_since: null, sent_before_watcher: 0, not_seen: 0, other_means: null };
const NO_OPTIONS = { teams: [], templates: [], senders: [] };

/**
 * The insights page's figures, from the console's own tables (what it sent, what the watcher
 * saw), within the reader's team scope and roles: packages for those who read packages,
 * requests for those who read requests.
 */
export async function readInsights({ query, user, now = new Date(), db, figure }: ReadInsightsOptions): Promise<InsightsData> {
  const scope = await currentScope();
  // A team outside the scope would narrow to nothing and read as "none sent": refused instead.
  if (query.team && !holdsTeam(scope, query.team)) {
    throw new ConsoleError(422, 'TEAM_NOT_YOURS', 'Insights can only be narrowed to one of your own teams.', [
      { path: 'team', message: 'not one of your teams' },
    ]);
  }
  const filters = { team: query.team, template: query.template, sender: query.sender };
  const source: FigureSource = { db: db ?? (await database()), scope, filters };
  // Requests are narrowed by what the console recorded of their submission: a workflow, not a template.
  const requestSource = { ...source, filters: { team: query.team, workflow: query.workflow, sender: query.sender } };
  const period = periodOf(query, now);
  const readsPackages = can(user.roles, 'packages:read');
  const readsRequests = can(user.roles, 'approvals:read');
  const wants = (...figures: readonly InsightsFigure[]) => !figure || figures.includes(figure);
  // Independent reads, at once: PostgreSQL answers them on several connections (SQLite in turn).
  const [tallies, sent, durations, expiring, approvalFigures_, requestOptions] = await Promise.all([
    wants(...TALLIED) ? packageTallies(source, period) : NO_TALLIES,
    readsPackages ? (wants('packages-sent') ? packagesSent(source, period) : []) : null,
    readsPackages ? (wants('package-durations') ? packageDurations(source, period) : NO_DURATIONS) : null,
    readsPackages ? (wants('expiring-soon') ? expiringSoon(source, query.tz, now) : NOT_EXPIRING) : null,
    readsRequests && wants(...REQUESTS) ? approvalFigures(requestSource, period, now) : null,
    readsRequests && !figure ? approvalFilterOptions(requestSource, period) : null,
  ]);
  // What the tallies alone decide, at once too (the page's alone: no chart's CSV holds them).
  const [unseenCounts, options] = await Promise.all([
    readsPackages ? (figure ? NOTHING_UNSEEN : unseen(source, period, tallies)) : null,
    figure ? NO_OPTIONS : filterOptions(source, tallies, user),
  ]);
  const packages = readsPackages
    ? {
        sent: sent!,
        outcomes: packageOutcomes(tallies),
        durations: durations!,
        templates: templateLosses(tallies),
        expiring: expiring!,
        unseen: unseenCounts!,
      }
    : null;
  const approvals: InsightsData['approvals'] = approvalFigures_
    ? { figures: approvalFigures_ }
    : { figures: null, reason: 'role' };
  return {
    period: { from: period.from, to: period.to, tz: period.tz, unit: period.unit, start: period.start, end: period.end },
    filters: { ...filters, workflow: query.workflow },
    options: withRequestOptions(options, requestOptions),
    packages,
    approvals,
  };
}
