import type { RouteDef } from '../http/context.ts';
import type { Services } from '../services.ts';

// SCAFFOLD: replaced by the module's implementation.
export function catalogRoutes(_services: Services): RouteDef[] {
  return [];
}
