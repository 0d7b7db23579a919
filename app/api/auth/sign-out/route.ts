import { currentSession, getSession } from '@/server/auth/session';
import { db } from '@/server/db';
import { publicHandler } from '@/server/http/public-handler';
import { bumpSessionVersion } from '@/server/users/users';
import { recordAudit } from '@/server/audit';
import { providerSignOutUrl } from '@/server/auth/oidc/end-session';

// POST: ends every session of the user (and, for a provider's account, names where the browser
// goes to end the provider's session: `redirect`) (the version bump voids old seals, so a copied
// cookie cannot be replayed) and clears the cookie. Only a valid current session acts: a
// revoked, expired or disabled user's seal just has its cookie cleared, so a copied cookie
// cannot go on signing its owner out of every new session (nor write a false audit row).
export const POST = publicHandler(async (req) => {
  const state = await currentSession(false, req);
  // A provider's account is signed out there too: the browser is sent on to the provider.
  const redirect = state.user?.origin === 'oidc' ? await providerSignOutUrl() : null;
  if (state.user) {
    const conn = await db();
    await bumpSessionVersion(conn, state.user.id);
    await recordAudit(conn, { user: null, operation: 'auth.sign_out', targetType: 'user', targetId: state.user.id, outcome: 'success', status: 200 });
  }
  (await getSession()).destroy();
  return Response.json({ signed_out: true, ...(redirect ? { redirect } : {}) }, { headers: { 'cache-control': 'no-store' } });
});
