import { ApiError } from '../http/errors.ts';
import type { RouteDef } from '../http/context.ts';
import { ANY_METHOD } from '../http/router.ts';

const retired = (): never => {
  throw new ApiError(410, 'ENDPOINT_RETIRED', '/api/v1/requests is retired; use /api/v1/approval-requests.');
};

// Answered before authentication and without reading a body: a retired route tells every
// caller where to go instead, whatever the method (HEAD, OPTIONS and WebDAV verbs included)
// and however deep the path below it.
export function retiredRoutes(): RouteDef[] {
  return [
    {
      id: 'retired.requests',
      method: ANY_METHOD,
      path: '/api/v1/requests/*',
      auth: 'public',
      body: 'none',
      query: 'any',
      handler: retired,
    },
  ];
}
