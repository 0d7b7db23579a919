import type { z } from 'zod';
import { ApiError, validationFailed, type ErrorDetail } from './errors.ts';

// zod issues become the `details` of a 422, one entry per offending field.
export function issuesToDetails(issues: readonly z.core.$ZodIssue[]): ErrorDetail[] {
  return issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message,
  }));
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown, where = 'body'): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = issuesToDetails(result.error.issues);
  throw validationFailed(details, `Invalid ${where}: ${details.map((d) => `${d.path || where}: ${d.message}`).join('; ')}`);
}

export function assertJsonObject(body: unknown): Record<string, unknown> {
  if (body === undefined)
    throw new ApiError(422, 'VALIDATION_FAILED', 'A JSON object body is required.', [{ path: '', message: 'required' }]);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(422, 'VALIDATION_FAILED', 'The body must be a JSON object.', [{ path: '', message: 'expected object' }]);
  }
  return body as Record<string, unknown>;
}
