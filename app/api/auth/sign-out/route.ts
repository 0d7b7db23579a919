import { getSession } from '@/server/auth/session';
import { db } from '@/server/db';
import { publicHandler } from '@/server/http/public-handler';
import { bumpSessionVersion } from '@/server/users/users';
import { recordAudit } from '@/server/audit';

// POST: ends every session of the user (the version bump voids old seals, so a copied
// cookie cannot be replayed) and clears the cookie.
export const POST = publicHandler(async () => {
  const session = await getSession();
  if (session.uid) {
    const conn = await db();
    await bumpSessionVersion(conn, session.uid);
    await recordAudit(conn, { user: null, operation: 'auth.sign_out', targetType: 'user', targetId: session.uid, outcome: 'success', status: 200 });
  }
  session.destroy();
  return Response.json({ signed_out: true }, { headers: { 'cache-control': 'no-store' } });
});
