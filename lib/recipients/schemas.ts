import { z } from 'zod';
import { listQuerySchema } from '../list/schemas.ts';
import { teamChoiceSchema } from '../teams/schemas.ts';
import { signerInputSchema } from '../packages/schemas.ts';
import { RECIPIENT_IMPORT_MAX_CHARS, RECIPIENT_IMPORT_MAX_ROWS, RECIPIENT_SOURCES } from './limits.ts';

// The recipient book: whom the team has sent to, as the senders typed them. Its values follow
// the send form's rules for a signer, so whatever the book suggests can be sent as it is.

const { name, email, phone } = signerInputSchema.shape;

/** A phone by the send form's rule, or none: an address book imported may lack phones, and the send form asks for it. */
const optionalPhone = z.string().transform((typed, ctx) => {
  if (typed.trim() === '') return null;
  const checked = phone.safeParse(typed);
  if (checked.success) return checked.data;
  for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
  return z.NEVER;
});

export const recipientFieldsSchema = z.strictObject({ name, email, phone: optionalPhone });
export type RecipientFields = z.input<typeof recipientFieldsSchema>;

const version = z.int('The version must be a whole number').min(1);

/** An edit, over the version the page showed: another sender's edit meanwhile is 409, never overwritten. */
export const recipientUpdateSchema = z.strictObject({ ...recipientFieldsSchema.shape, version });
export type RecipientUpdate = z.input<typeof recipientUpdateSchema>;

/** A deletion of the entry as the page showed it. */
export const recipientDeleteSchema = z.strictObject({ version });

export const recipientImportSchema = z.strictObject({
  /** the file's text, or rows pasted from a spreadsheet */
  csv: z
    .string()
    .max(RECIPIENT_IMPORT_MAX_CHARS, `At most ${RECIPIENT_IMPORT_MAX_CHARS.toLocaleString('en')} characters at once`),
  /** entries the importer saw the import would change, and agreed to overwrite at that version */
  overwrite: z
    .array(z.strictObject({ id: z.string().min(1).max(64), version }))
    .max(RECIPIENT_IMPORT_MAX_ROWS)
    .optional(),
  /** whose book it goes into: one of the importer's teams (several: the last used when none is named) */
  team_id: teamChoiceSchema,
});
export type RecipientImportInput = z.input<typeof recipientImportSchema>;

export const recipientsQuerySchema = listQuerySchema.strict();
export type RecipientsQuery = z.input<typeof recipientsQuerySchema>;

export const recipientSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** as typed; one entry per address in any case */
  email: z.string(),
  /** E.164, as it was sent */
  phone: z.string().nullable(),
  source: z.enum(RECIPIENT_SOURCES),
  /** the sends it was a recipient of */
  use_count: z.number().int(),
  last_used_at: z.string().nullable(),
  /** who put it in the book (by a send or an import); null for an account since deleted */
  added_by: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Recipient = z.infer<typeof recipientSchema>;

export const recipientImportResultSchema = z.object({
  /** rows read under the header */
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** rows that repeated an address of an earlier row with the same values */
  merged: z.number().int(),
});
export type RecipientImportResult = z.infer<typeof recipientImportResultSchema>;
