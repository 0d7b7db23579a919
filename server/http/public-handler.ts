import 'server-only';
import type { NextRequest } from 'next/server';
import { logger } from '../logger';
import { isSameOrigin } from '../auth/request-info';
import { newRequestId } from '../request-id';
import { HttpError, errorResponse } from './respond';

/** Routes open before sign-in (sign-in itself, health): same-origin mutations, mapped errors. */
export function publicHandler(fn: (req: NextRequest) => Promise<Response>) {
  return async (req: NextRequest): Promise<Response> => {
    const requestId = newRequestId();
    try {
      if (req.method !== 'GET' && !isSameOrigin(req.headers)) throw new HttpError(403, 'CROSS_SITE_REQUEST', 'Cross-site requests are refused.');
      return await fn(req);
    } catch (err) {
      if (err instanceof HttpError) return errorResponse(err, requestId);
      logger().error({ err, request_id: requestId }, 'unhandled console error');
      return errorResponse(new HttpError(500, 'INTERNAL_ERROR', `Something went wrong on our side (reference ${requestId}).`), requestId);
    }
  };
}
