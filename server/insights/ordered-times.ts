import 'server-only';
import { PostgresAdapter, sql, type Expression, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * A group's times (ms) in ascending order as one text of comma-separated integers, for a grouped
 * query: the database sorts each group's times, and a year's 40,000 of them cross as a few
 * strings instead of 40,000 rows (reading rows into the process cost more than grouping them).
 * Nulls are left out, as the percentiles leave out what was not timed.
 */
export function orderedTimes(db: Kysely<Database>, ms: Expression<number | string | null>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string | null>`string_agg((${ms})::bigint::text, ',' order by ${ms})`
    : sql<string | null>`group_concat(cast(${ms} as integer), ',' order by ${ms})`;
}

/** The times a grouped query's orderedTimes gave, ascending. */
export const timesOf = (text: string | null | undefined): number[] => (text ? text.split(',').map(Number) : []);
