import type { RouteDef } from '../http/context.ts';
import type { Services } from '../services.ts';
import { approvalControlRoutes } from './approval-requests-control.ts';
import { packageControlRoutes } from './packages-control.ts';
import { signTemplateControlRoutes } from './sign-templates-control.ts';
import { workflowReleaseControlRoutes } from './workflow-releases-control.ts';

/** The simulated humans: reviewers of approval requests, recipients of packages, the platform's workflow and template designers. */
export function controlActionRoutes(services: Services): RouteDef[] {
  return [
    ...approvalControlRoutes(services),
    ...packageControlRoutes(services),
    ...workflowReleaseControlRoutes(services),
    ...signTemplateControlRoutes(services),
  ];
}
