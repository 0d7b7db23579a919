import { clockSchema } from '@/lib/admin/schemas';
import { handler } from '@/server/http/handler';
import { control } from '@/server/sandbox-control';

// POST: moves the sandbox clock forward (expiries, SLAs, deliveries follow).
export const POST = handler(
  { permission: 'sandbox:control', body: clockSchema, audit: { operation: 'sandbox.clock', targetType: 'sandbox', details: (b) => ({ ...b }) } },
  ({ body }) => control('POST', '/clock', body),
);
