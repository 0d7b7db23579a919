import 'server-only';
import type { InsightsQuery } from '@/lib/insights/query';
import type { InsightsData } from '@/lib/insights/types';
import { can } from '@/lib/roles';
import { db as database } from '../db';
import { ConsoleError } from '../errors';
import { currentScope, holdsTeam } from '../teams/scope';
import type { User } from '../users/users';
import { approvalFigures } from './approval-figures';
import { expiringSoon } from './expiring-soon';
import { filterOptions } from './filter-options';
import { packageDurations } from './package-durations';
import { packageOutcomes } from './package-outcomes';
import { packagesSent } from './packages-sent';
import { periodOf } from './period';
import { isFiltered, type FigureSource } from './sends';
import { templateLosses } from './template-losses';
import { unseen } from './unseen';

export interface ReadInsightsOptions {
  query: InsightsQuery;
  user: Pick<User, 'id' | 'roles'>;
  now?: Date;
}

/**
 * The insights page's figures, from the console's own tables (what it sent, what the watcher
 * saw), within the reader's team scope and roles: packages for those who read packages,
 * requests for those who read requests.
 */
export async function readInsights({ query, user, now = new Date() }: ReadInsightsOptions): Promise<InsightsData> {
  const scope = await currentScope();
  // A team outside the scope would narrow to nothing and read as "none sent": refused instead.
  if (query.team && !holdsTeam(scope, query.team)) {
    throw new ConsoleError(422, 'TEAM_NOT_YOURS', 'Insights can only be narrowed to one of your own teams.', [
      { path: 'team', message: 'not one of your teams' },
    ]);
  }
  const filters = { team: query.team, template: query.template, sender: query.sender };
  const source: FigureSource = { db: await database(), scope, filters };
  const period = periodOf(query, now);
  const packages = can(user.roles, 'packages:read')
    ? {
        sent: await packagesSent(source, period),
        outcomes: await packageOutcomes(source, period),
        durations: await packageDurations(source, period),
        templates: await templateLosses(source, period),
        expiring: await expiringSoon(source, query.tz, now),
        unseen: await unseen(source, period),
      }
    : null;
  const approvals: InsightsData['approvals'] = !can(user.roles, 'approvals:read')
    ? { figures: null, reason: 'role' }
    : scope.kind === 'teams'
      ? { figures: null, reason: 'team_scope' }
      : isFiltered(filters)
        ? { figures: null, reason: 'filtered' }
        : { figures: await approvalFigures(source, period) };
  return {
    period: { from: period.from, to: period.to, tz: period.tz, unit: period.unit, start: period.start, end: period.end },
    filters,
    options: await filterOptions(source, period, user),
    packages,
    approvals,
  };
}
