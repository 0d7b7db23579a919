import { ConsoleError } from '@/server/errors';
import { errorResponse } from '@/server/http/respond';
import { newRequestId } from '@/server/request-id';

// An /api path no route answers: the console's JSON error, not the console's 404 page (which
// the catch-all page under app/(missing) renders for people).
function missing(): Response {
  const requestId = newRequestId();
  return errorResponse(new ConsoleError(404, 'ROUTE_NOT_FOUND', 'No console route answers this path.'), requestId);
}

export const GET = missing;
export const HEAD = missing;
export const POST = missing;
export const PUT = missing;
export const PATCH = missing;
export const DELETE = missing;
