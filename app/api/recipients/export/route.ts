import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { csvResponse } from '@/server/lists/csv';
import { exportRecipients, RECIPIENT_EXPORT_ROWS } from '@/server/recipients/export-recipients';

// GET: the recipient book as CSV (name, email, phone: the import's columns), the most recently
// used RECIPIENT_EXPORT_ROWS at most.
export const GET = handler({ permission: 'packages:send' }, async () => {
  const { body, fileName, complete } = await exportRecipients({ db: await db() });
  const res = csvResponse(body, fileName);
  if (!complete) res.headers.set('x-signdesk-export-limit', String(RECIPIENT_EXPORT_ROWS));
  return res;
});
