import { z } from 'zod';
import { reviewEvidenceSchema } from './schemas.ts';

// The console's sending record of a package it sent (issue 24): the sender's side of the
// evidence, which no signing certificate holds. Read by the record page and downloaded as JSON.

const person = z.object({ name: z.string(), email: z.string() });

export const sendingRecordSchema = z.object({
  package_id: z.string(),
  template: z.object({
    id: z.string(),
    name: z.string().nullable(),
    /** the version the preview froze: its id and number where the API said; null for a record from before the console kept it */
    version: z.object({ id: z.string().nullable(), number: z.number().nullable() }).nullable(),
  }),
  reference: z.string().nullable(),
  previewed: z.object({ by: person.nullable(), at: z.string() }),
  /** the receipt's SHA-256: the receipt is a bearer token of the API, so the console never keeps it */
  receipt_sha256: z.string(),
  populated_pdf: z.object({ sha256: z.string().nullable(), page_count: z.number().nullable() }),
  /** what the sender's browser saw; null for a package sent before the console kept it */
  review: reviewEvidenceSchema.nullable(),
  confirmed: z.object({ by: person.nullable(), at: z.string().nullable() }),
  expires_in_days: z.number(),
  recipients: z.array(z.object({ slot_id: z.string(), name: z.string(), email: z.string(), phone: z.string() })),
  sender_values: z.record(z.string(), z.unknown()),
  /** the values under their fields' labels (the template's, read with the preview); a key the template did not list keeps a null label */
  fields: z.array(z.object({ key: z.string(), label: z.string().nullable(), value: z.unknown() })),
  /**
   * Some pages or sections were first on screen before this record's preview: a bulk row's review
   * kept across a new preview of the same document (the same PDF digest), seen on the earlier one.
   */
  review_from_earlier_preview: z.boolean(),
  idempotency_key: z.string().nullable(),
  api_answer: z.object({ status: z.string().nullable(), request_id: z.string().nullable(), at: z.string().nullable() }),
});
export type SendingRecord = z.infer<typeof sendingRecordSchema>;
