// One error type for every non-2xx answer, so the pipeline can render the body shape of
// DESIGN.md section 3 in a single place.
export interface ErrorDetail {
  path: string;
  message: string;
  [extra: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (what = 'The requested item') => new ApiError(404, 'NOT_FOUND', `${what} was not found.`);

export const validationFailed = (details: ErrorDetail[], message?: string) =>
  new ApiError(
    422,
    'VALIDATION_FAILED',
    message ?? `The request is invalid: ${details.map((d) => `${d.path || 'body'}: ${d.message}`).join('; ')}`,
    details,
  );

export const conflict = (code: string, message: string, details?: ErrorDetail[]) => new ApiError(409, code, message, details);

export const badRequest = (code: string, message: string, details?: ErrorDetail[]) => new ApiError(400, code, message, details);

export const forbidden = (code: string, message: string) => new ApiError(403, code, message);

export function errorBody(err: ApiError, requestId: string) {
  return {
    error: {
      code: err.code,
      message: err.message,
      ...(err.details && err.details.length > 0 ? { details: err.details } : {}),
      request_id: requestId,
    },
  };
}
