import { handler } from '@/server/http/handler';
import { control } from '@/server/sandbox-control';

// GET: the sandbox's clock and injected faults, for the panel.
export const GET = handler({ permission: 'sandbox:control' }, async () => {
  const [clock, faults] = await Promise.all([control('GET', '/clock'), control('GET', '/faults')]);
  return { clock, faults };
});
