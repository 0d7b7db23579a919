import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { handler } from '@/server/http/handler';
import { readPackage } from '@/server/packages/read-package';

// GET: one package with its signers and status, and the console's record of its send.
export const GET = handler({ permission: 'packages:read', params: z.object({ id: idSchema }) }, ({ params }) =>
  readPackage({ id: params.id }),
);
