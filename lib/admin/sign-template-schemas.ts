import { z } from 'zod';

// The sandbox panel's stand-in for the platform's template designer: what it may be asked to
// publish. The bounds are the sandbox's own (sandbox/routes/sign-templates-control.ts), so a
// value refused here would be refused there too, and the reverse.

export const SIGN_TEMPLATE_NAME = { min: 3, max: 200 } as const;
export const SIGN_TEMPLATE_DESCRIPTION_MAX = 500;

/** POST /api/sandbox/documents/:id/sign-template: both optional; no name means the document's name without ".pdf". */
export const signTemplatePublishSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(SIGN_TEMPLATE_NAME.min, `At least ${SIGN_TEMPLATE_NAME.min} characters`)
    .max(SIGN_TEMPLATE_NAME.max, `At most ${SIGN_TEMPLATE_NAME.max} characters`)
    .optional(),
  description: z
    .string()
    .trim()
    .max(SIGN_TEMPLATE_DESCRIPTION_MAX, `At most ${SIGN_TEMPLATE_DESCRIPTION_MAX} characters`)
    .optional(),
});
export type SignTemplatePublishInput = z.infer<typeof signTemplatePublishSchema>;

/** The template the sandbox answers: what the panel names and links to; the rest passes through. */
export const publishedSignTemplateSchema = z.looseObject({ id: z.string(), name: z.string() });
export type PublishedSignTemplate = z.infer<typeof publishedSignTemplateSchema>;
