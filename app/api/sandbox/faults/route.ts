import { faultRulesSchema } from '@/lib/admin/schemas';
import { sandboxFaultsSchema } from '@/lib/admin/sandbox-state';
import { handler } from '@/server/http/handler';
import { controlAs } from '@/server/sandbox-control';

// POST: replaces the injected faults ([] clears them).
export const POST = handler(
  { permission: 'sandbox:control', body: faultRulesSchema, audit: { operation: 'sandbox.faults', targetType: 'sandbox', details: (b) => ({ rules: b.rules.length }) } },
  ({ body }) => controlAs(sandboxFaultsSchema, 'POST', '/faults', body),
);
