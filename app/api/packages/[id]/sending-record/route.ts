import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { handler } from '@/server/http/handler';
import { sendingRecordOf } from '@/server/packages/read-sending-record';

// GET: the console's sending record of a package it sent (who previewed and confirmed it, what
// they saw and when, the receipt's digest, the key and the API's answer). ?download=1 answers
// the same JSON as a file to keep.
export const GET = handler(
  {
    permission: 'packages:read',
    params: z.object({ id: idSchema }),
    query: z.strictObject({ download: z.literal('1').optional() }),
  },
  async ({ params, query }) => {
    const record = await sendingRecordOf({ packageId: params.id });
    if (!query.download) return record;
    return new Response(`${JSON.stringify(record, null, 2)}\n`, {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="sending-record-${params.id.replace(/[^\w.-]/g, '_')}.json"`,
        'cache-control': 'no-store',
      },
    });
  },
);
