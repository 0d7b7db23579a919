import { sandboxClockSchema, sandboxFaultsSchema } from '@/lib/admin/sandbox-state';
import { handler } from '@/server/http/handler';
import { controlAs } from '@/server/sandbox-control';

// GET: the sandbox's clock and injected faults, for the panel; each rule keeps `remaining`.
export const GET = handler({ permission: 'sandbox:control' }, async () => {
  const [clock, faults] = await Promise.all([controlAs(sandboxClockSchema, 'GET', '/clock'), controlAs(sandboxFaultsSchema, 'GET', '/faults')]);
  return { clock, faults };
});
