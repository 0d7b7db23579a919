import { handler } from '@/server/http/handler';
import { sandboxControl } from '@/server/env';
import { publicUser } from '@/server/users/public-user';

// GET: the signed-in user, and whether the console runs on its embedded sandbox.
export const GET = handler({ permission: 'read' }, async ({ user }) => ({ user: publicUser(user), embedded_sandbox: sandboxControl() !== null }));
