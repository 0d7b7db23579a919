import { z } from 'zod';
import { CALENDAR_DAY_MESSAGE, isCalendarDay } from '../calendar-day.ts';
import { DATE_RANGES } from './date-ranges.ts';
import { listQuerySchema } from './schemas.ts';
import { teamFilterSchema } from '../teams/schemas.ts';

const team = teamFilterSchema;

// The packages and approval-requests lists' queries, with their day ranges: for their routes
// and saved views. Apart from the resources' schemas, which the forms load in the browser.

const day = z.string().refine(isCalendarDay, CALENDAR_DAY_MESSAGE).optional();

/** sent_from, sent_to, updated_from, updated_to (lib/list/date-ranges.ts), as whole UTC days. */
export const dateRangeShape = { sent_from: day, sent_to: day, updated_from: day, updated_to: day };

/** Refuses a range that ends before it starts, under the name of its end. */
export function refineDateRanges<T extends z.ZodType<Partial<Record<string, unknown>>>>(schema: T) {
  return DATE_RANGES.reduce<z.ZodType<z.output<T>, z.input<T>>>(
    (s, { key }) =>
      s.refine(
        (q) => {
          const from = (q as Record<string, unknown>)[`${key}_from`];
          const to = (q as Record<string, unknown>)[`${key}_to`];
          return typeof from !== 'string' || typeof to !== 'string' || from <= to;
        },
        { path: [`${key}_to`], message: `must be on or after ${key}_from` },
      ),
    schema as unknown as z.ZodType<z.output<T>, z.input<T>>,
  );
}

const recordId = z.string().trim().min(1).max(120).optional();
/** What the console recorded of a send (template, sender): a package sent by other means matches none. */
export const sendRecordShape = { template: recordId, sender: recordId };

/** GET /api/packages and its export: the list's page, search, filters and day ranges. */
export const packageListQuerySchema = refineDateRanges(
  listQuerySchema
    .extend({
      status: z.string().max(40).optional(),
      archived: z.literal('only').optional(),
      team,
      ...dateRangeShape,
      ...sendRecordShape,
    })
    .strict(),
);
export const packageExportQuerySchema = refineDateRanges(
  listQuerySchema
    .omit({ page: true, size: true })
    .extend({
      status: z.string().max(40).optional(),
      archived: z.literal('only').optional(),
      team,
      ...dateRangeShape,
      ...sendRecordShape,
    })
    .strict(),
);

/** What the console recorded of a submission (workflow, submitter): a request submitted by other means matches none. */
export const submissionShape = { workflow: recordId, sender: recordId };

/** GET /api/approval-requests and its export: the list's page, search, status, day ranges and submission filters. */
export const approvalListQuerySchema = refineDateRanges(
  listQuerySchema.extend({ status: z.string().max(40).optional(), team, ...dateRangeShape, ...submissionShape }).strict(),
);
export const approvalExportQuerySchema = refineDateRanges(
  listQuerySchema
    .omit({ page: true, size: true })
    .extend({ status: z.string().max(40).optional(), team, ...dateRangeShape, ...submissionShape })
    .strict(),
);
