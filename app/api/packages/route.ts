import { packageListQuerySchema } from '@/lib/list/filtered-list-queries';
import { sendInputSchema } from '@/lib/packages/schemas';
import { handler } from '@/server/http/handler';
import { listPackages } from '@/server/packages/list-packages';
import { sendPackage } from '@/server/packages/send-package';
import { receiptHash } from '@/server/send-records/send-record';
import { db } from '@/server/db';
import { teamForRecord } from '@/server/teams/team-for-record';
import { narrowScope } from '@/server/teams/scope';

// GET: the app's packages, with q, status, archived=only and sent/updated day ranges, each with
// the console's record of its send; a search also reads that record. team= narrows it to one
// team's packages (none: those of no team), within what the reader sees.
export const GET = handler(
  { permission: 'packages:read', query: packageListQuerySchema },
  async ({ query: { team, ...query } }) => {
    if (team) await narrowScope(team);
    return listPackages({ query });
  },
);

// POST: sends the reviewed preview. Needs confirmed: true and the browser's key for this
// Send click, so a double click or a retry queues one package; the audit keeps both.
export const POST = handler(
  {
    permission: 'packages:send',
    body: sendInputSchema,
    idempotency: 'required',
    audit: {
      operation: 'package.send',
      targetType: 'signature_package',
      target: (_p, _b, r) => (r as { id?: string } | null)?.id,
      // The receipt's digest, as the sending record keeps it: a failed send's receipt may still be good.
      details: (b) => ({ template_id: b.template_id, receipt_sha256: receiptHash(b.preview_token) }),
    },
  },
  async ({ body, idempotencyKey, user }) =>
    sendPackage({
      input: body,
      idempotencyKey: idempotencyKey!,
      userId: user.id,
      // Decided before the API hears of the Send: a team not the sender's refuses it whole.
      teamId: await teamForRecord(await db(), user, body.team_id),
    }),
);
