import 'server-only';
import type { NextRequest } from 'next/server';
import { isSameOrigin } from '../auth/request-info';
import { newRequestId } from '../request-id';
import { requestRecord } from '../edge/request-record';
import { ConsoleError } from '../errors';
import { errorResponse, toHttpError } from './respond';
import { measured } from './measured';

/** Routes open before sign-in (sign-in itself, health): same-origin mutations, mapped errors. */
export function publicHandler(fn: (req: NextRequest) => Promise<Response>) {
  const answer = async (req: NextRequest): Promise<Response> => {
    const requestId = newRequestId();
    const record = requestRecord();
    if (record) record.requestId = requestId;
    try {
      if (req.method !== 'GET' && !isSameOrigin(req.headers))
        throw new ConsoleError(403, 'CROSS_SITE_REQUEST', 'Cross-site requests are refused.');
      return await fn(req);
    } catch (err) {
      return errorResponse(toHttpError(err, requestId), requestId);
    }
  };
  return (req: NextRequest) => measured(req, () => answer(req));
}
