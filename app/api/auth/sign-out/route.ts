import { currentSession, getSession } from '@/server/auth/session';
import { db } from '@/server/db';
import { publicHandler } from '@/server/http/public-handler';
import { bumpSessionVersion } from '@/server/users/users';
import { recordAudit } from '@/server/audit';

// POST: ends every session of the user (the version bump voids old seals, so a copied
// cookie cannot be replayed) and clears the cookie. Only a valid current session acts: a
// revoked, expired or disabled user's seal just has its cookie cleared, so a copied cookie
// cannot go on signing its owner out of every new session (nor write a false audit row).
export const POST = publicHandler(async (req) => {
  const state = await currentSession(false, req);
  if (state.user) {
    const conn = await db();
    await bumpSessionVersion(conn, state.user.id);
    await recordAudit(conn, { user: null, operation: 'auth.sign_out', targetType: 'user', targetId: state.user.id, outcome: 'success', status: 200 });
  }
  (await getSession()).destroy();
  return Response.json({ signed_out: true }, { headers: { 'cache-control': 'no-store' } });
});
