import { z } from 'zod';

// The error body of DESIGN.md section 3, used by the sandbox, the console's /api routes
// and the browser, which reads it back to show messages and map field errors.
export const errorDetailSchema = z.looseObject({ path: z.string(), message: z.string() });

export const errorBodySchema = z.object({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    details: z.array(errorDetailSchema).optional(),
    request_id: z.string().optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** What the browser sees of a failed console call. */
export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}
