import { ApiError } from '../http/errors.ts';
import type { RouteDef } from '../http/context.ts';

const retired = (): never => {
  throw new ApiError(410, 'ENDPOINT_RETIRED', '/api/v1/requests is retired; use /api/v1/approval-requests.');
};

// Answered before authentication: a retired route tells every caller where to go instead.
export function retiredRoutes(): RouteDef[] {
  const methods = ['GET', 'POST', 'PATCH', 'DELETE'] as const;
  return methods.flatMap((method) =>
    ['/api/v1/requests', '/api/v1/requests/:rest'].map((path) => ({
      id: `retired.requests.${method}`,
      method,
      path,
      auth: 'public' as const,
      body: 'none' as const,
      query: 'any',
      handler: retired,
    })),
  );
}
