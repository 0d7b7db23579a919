import { z } from 'zod';
import { idSchema } from '@/lib/list/schemas';
import { packageArchiveSchema } from '@/lib/packages/schemas';
import { handler } from '@/server/http/handler';
import { archivePackage } from '@/server/packages/archive-package';

// POST: archives a finished package; an active one is refused (PACKAGE_NOT_CLOSED).
export const POST = handler(
  {
    permission: 'packages:archive',
    params: z.object({ id: idSchema }),
    body: packageArchiveSchema,
    idempotency: 'required',
    audit: { operation: 'package.archive', targetType: 'signature_package', target: (p) => p.id, reason: (b) => b.reason },
  },
  ({ params, body, idempotencyKey }) => archivePackage({ id: params.id, reason: body.reason, idempotencyKey: idempotencyKey! }),
);
