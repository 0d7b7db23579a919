import type { RouteDef } from '../http/context.ts';
import type { Services } from '../services.ts';
import { approvalControlRoutes } from './approval-requests-control.ts';
import { packageControlRoutes } from './packages-control.ts';

/** The simulated humans: reviewers of approval requests and recipients of packages. */
export function controlActionRoutes(services: Services): RouteDef[] {
  return [...approvalControlRoutes(services), ...packageControlRoutes(services)];
}
