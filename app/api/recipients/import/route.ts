import { recipientImportSchema, type RecipientImportResult } from '@/lib/recipients/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { importRecipients } from '@/server/recipients/import-recipients';
import { teamForRecord } from '@/server/teams/team-for-record';

// POST: adds a CSV's recipients (name, email, phone) to the book, all or none: a file with any
// problem is 422 with each one by row and column, and changes nothing; a file that would change
// entries is 409 naming each, until the importer overwrites them at the versions they saw. The same file again
// changes nothing more, so a repeated click is harmless.
export const POST = handler(
  {
    permission: 'packages:send',
    body: recipientImportSchema,
    audit: {
      operation: 'recipient.import',
      targetType: 'recipient_book',
      details: (_b, r) => {
        const result = r as RecipientImportResult | null;
        return result ? { rows: result.rows, created: result.created, updated: result.updated, unchanged: result.unchanged } : {};
      },
    },
  },
  async ({ user, body }) => {
    const conn = await db();
    const teamId = await teamForRecord(conn, user, body.team_id);
    return importRecipients({ db: conn, user, csv: body.csv, overwrite: body.overwrite, teamId });
  },
);
