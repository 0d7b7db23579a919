import type { RouteDef } from '../http/context.ts';
import type { Services } from '../services.ts';
import { approvalRequestRoutes } from './approval-requests.ts';
import { archiveRoutes } from './archive.ts';
import { catalogRoutes } from './catalog.ts';
import { categoryRoutes } from './categories.ts';
import { controlRoutes } from './control.ts';
import { documentRoutes } from './documents.ts';
import { hostedEditorRoutes } from './hosted-editor.ts';
import { packageRoutes } from './packages.ts';
import { recipientRoutes } from './recipients.ts';
import { retiredRoutes } from './retired.ts';

export function allRoutes(services: Services): RouteDef[] {
  return [
    ...catalogRoutes(services),
    ...categoryRoutes(services),
    ...archiveRoutes(services),
    ...documentRoutes(services),
    ...hostedEditorRoutes(services),
    ...packageRoutes(services),
    ...approvalRequestRoutes(services),
    ...recipientRoutes(services),
    ...retiredRoutes(),
    ...controlRoutes(services),
  ];
}
