import { readUserHome } from '@/server/home/read-user-home';
import { handler } from '@/server/http/handler';

// GET: what needs the signed-in user now, section by section, within their roles.
export const GET = handler({ permission: 'read' }, ({ user }) => readUserHome({ user }));
