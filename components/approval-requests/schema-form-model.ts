import { z } from 'zod';
import { EXTERNAL_ID } from '@/lib/approval-requests/limits';
import { formDataValidator } from '@/lib/submission-schema/validator';
import { missingDocumentFields, type FieldDescriptor } from '@/lib/submission-schema/fields';
import { documentContentIssues } from './document-refs';
import { formPathOf, requestContent, type FormIntent, type RequestFormValues } from './schema-form-base';

export * from './schema-form-base';

// The request form's validator (zod): imported lazily by the forms (lazyResolver), at their
// first validation. The rest of the form's model is in schema-form-base.ts.

/**
 * The form's validator for one intent, over the content it sends (requestContent), so issue
 * paths are the data's own. A new request's draft still needs every form field (the API
 * checks it fully) but no documents; a revision draft needs nothing yet.
 */
export function requestFormSchema(
  fields: readonly FieldDescriptor[],
  intent: FormIntent,
  withExternalId: boolean,
  { signing = false }: { signing?: boolean } = {},
) {
  const partial = intent === 'revision-draft';
  const requireDocuments = intent === 'submit' || intent === 'resubmit';
  const byKey = z.record(z.string(), z.string());
  const content = z
    .object({
      form_data: z.record(z.string(), z.unknown()),
      documents: byKey,
      documentNames: byKey.default({}),
      signers: byKey.default({}),
    })
    .superRefine((c, ctx) => {
      for (const issue of documentContentIssues({ documents: c.documents, names: c.documentNames, signers: c.signers, signing }))
        ctx.addIssue({ code: 'custom', ...issue });
      const documents = Object.fromEntries(Object.entries(c.documents).filter(([, id]) => id));
      const checked = formDataValidator(fields, { partial, documents }).safeParse(c.form_data);
      if (!checked.success)
        for (const issue of checked.error.issues)
          ctx.addIssue({ ...issue, path: ['form_data', ...formPathOf(fields, issue.path)] } as never);
      if (!requireDocuments) return;
      for (const key of missingDocumentFields(fields, Object.keys(documents)))
        ctx.addIssue({ code: 'custom', path: ['documents', key], message: 'Choose a document' });
    });
  const base = z.preprocess(
    (v) => {
      const values = v as RequestFormValues;
      return { ...values, ...requestContent(fields, values) };
    },
    withExternalId
      ? content.and(
          z.object({
            external_id: z
              .string()
              .trim()
              .regex(EXTERNAL_ID, '3 to 120 letters, digits, periods, underscores, colons or hyphens'),
          }),
        )
      : content,
  );
  return base;
}
