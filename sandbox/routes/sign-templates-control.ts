import { z } from 'zod';
import { json, type RouteDef } from '../http/context.ts';
import { assertJsonObject, parseWith } from '../http/validate.ts';
import type { Services } from '../services.ts';
import { TEMPLATE_NAME_MAX, TEMPLATE_NAME_MIN, publishSignTemplate } from '../domain/publish-sign-template.ts';

const templateBody = z.strictObject({
  name: z
    .string()
    .trim()
    .min(TEMPLATE_NAME_MIN, `must be at least ${TEMPLATE_NAME_MIN} characters`)
    .max(TEMPLATE_NAME_MAX, `must be at most ${TEMPLATE_NAME_MAX} characters`)
    .optional(),
  description: z.string().trim().max(500, 'must be at most 500 characters').optional(),
});

/** The platform's template designer, which API keys cannot be: a completed layout becomes a document-sign template. */
export function signTemplateControlRoutes(services: Services): RouteDef[] {
  return [
    {
      id: 'control.documents.sign-template',
      method: 'POST',
      path: '/__sandbox/documents/:id/sign-template',
      auth: 'control',
      body: 'json',
      handler: (ctx) => {
        // Every field is optional, so no body at all means "name it after the document".
        const input = parseWith(templateBody, ctx.body === undefined ? {} : assertJsonObject(ctx.body));
        const template = publishSignTemplate(services, {
          documentId: ctx.params.id!,
          name: input.name,
          description: input.description,
        });
        return json(201, template);
      },
    },
  ];
}
