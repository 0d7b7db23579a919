import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { handler } from '@/server/http/handler';
import { getPackage } from '@/server/signing-api/packages';

// GET: one package with its signers and status.
export const GET = handler({ permission: 'packages:read', params: z.object({ id: idSchema }) }, ({ params }) => getPackage(params.id));
