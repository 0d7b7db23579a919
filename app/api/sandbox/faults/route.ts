import { faultRulesSchema } from '@/lib/schemas/admin';
import { handler } from '@/server/http/handler';
import { control } from '@/server/sandbox-control';

// POST: replaces the injected faults ([] clears them).
export const POST = handler(
  { permission: 'sandbox:control', body: faultRulesSchema, audit: { operation: 'sandbox.faults', targetType: 'sandbox', details: (b) => ({ rules: b.rules.length }) } },
  ({ body }) => control('POST', '/faults', body),
);
