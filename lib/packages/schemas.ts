import { z } from 'zod';
import { teamChoiceSchema } from '../teams/schemas.ts';
import { plainText } from '../plain-text.ts';
import { maybe } from '../read-tolerant.ts';
import { E164, normalisePhone } from './phone.ts';
import type { ListScan } from '../list/schemas.ts';

// The sender's preview input, checked in the browser form and again by the route.

export const REFERENCE_MAX = 120;

export const signerInputSchema = z.strictObject({
  slot_id: z.string().min(1).max(64),
  name: plainText(z.string().trim().min(1, 'Enter the signer’s name').max(200)),
  email: z.email({ message: 'Enter a valid e-mail address' }).max(254),
  // Written as people write it ("+49 151 1234 5678"), sent as E.164.
  phone: z
    .string()
    .max(40, 'Use international format, e.g. +4915112345678')
    .transform(normalisePhone)
    .pipe(
      z.string().superRefine((phone, ctx) => {
        if (E164.test(phone)) return;
        // A number as dialled at home ("0151 1234 5678") lacks only its country code.
        const local = /^0[1-9]\d{5,}$/.test(phone);
        ctx.addIssue({
          code: 'custom',
          message: local
            ? 'This looks like a local number: use international format with the country code, e.g. +49 151 12345678 for 0151 12345678'
            : 'Use international format, e.g. +4915112345678',
        });
      }),
    ),
  recipient_kind: z.literal('external').default('external'),
});
export type SignerInput = z.input<typeof signerInputSchema>;

export const previewInputSchema = z.strictObject({
  template_id: z.string().min(1).max(128),
  expires_in_days: z
    .number({ message: 'Enter the number of days' })
    .int('Whole days only')
    .min(1, 'At least 1 day')
    .max(365, 'At most 365 days'),
  sender_values: z.record(z.string(), z.union([z.string().max(500), z.number()])).default({}),
  signers: z.array(signerInputSchema).min(1, 'Add at least one signer').max(20, 'At most 20 signers'),
  /** the sender's own reference ("PO 4471", "ACME renewal"): kept by the console, never sent to the API */
  reference: plainText(z.string().trim().max(REFERENCE_MAX, `At most ${REFERENCE_MAX} characters`)).optional(),
});
export type PreviewInput = z.input<typeof previewInputSchema>;
/** A preview body as the route has checked it: phones in E.164. */
export type PreviewBody = z.output<typeof previewInputSchema>;

// The spec names the receipt, a version and `prepared_pdf` (section 2); every other field is
// optional and has a fallback: the template sent, the receipt's 10 minutes from the answer's
// Date, the page count of the PDF itself, and no carried-over review without a digest.
export const previewSchema = z.looseObject({
  preview_token: z.string(),
  template_id: z.string().optional(),
  version: z.string().optional(),
  version_number: z.number().optional(),
  expires_at: z.string().optional(),
  prepared_pdf: z.looseObject({
    page_count: z.number().optional(),
    size_bytes: z.number().optional(),
    sha256: z.string().optional(),
  }),
  pdf_url: z.string().optional(),
  pdf_url_is_source: z.boolean().optional(),
  sender_values: z.record(z.string(), z.unknown()).optional(),
  signers: z
    .array(z.looseObject({ slot_id: z.string(), name: z.string(), email: z.string().optional(), phone: z.string().optional() }))
    .optional(),
  expires_in_days: z.number().optional(),
});
export type Preview = z.infer<typeof previewSchema>;

export const previewDocumentInputSchema = z.strictObject({
  template_id: z.string().min(1).max(128),
  preview_token: z.string().min(8).max(300),
});

/** The parts of the review summary a sender must see before Send (beside every page). */
export const REVIEW_SECTION_IDS = ['document', 'values', 'recipients', 'expiry'] as const;
export type ReviewSectionId = (typeof REVIEW_SECTION_IDS)[number];
export const REVIEW_SECTION_TITLES: Record<ReviewSectionId, string> = {
  document: 'Template and version',
  values: 'Values',
  recipients: 'Recipients',
  expiry: 'Expiry',
};

const seenAt = z.iso.datetime({ offset: true });
/** The most pages a review can list: the API's populated PDFs are far shorter. */
export const REVIEW_MAX_PAGES = 5_000;

/**
 * What the sender's browser saw before Send, each when it was first on screen, and when Send
 * was confirmed: kept in the console's sending record (the API keeps none of it).
 */
export const reviewEvidenceSchema = z.strictObject({
  pages: z.array(z.strictObject({ page: z.int().min(1).max(REVIEW_MAX_PAGES), seen_at: seenAt })).max(REVIEW_MAX_PAGES),
  sections: z.array(z.strictObject({ id: z.enum(REVIEW_SECTION_IDS), seen_at: seenAt })).max(REVIEW_SECTION_IDS.length),
  /** the pages of the populated PDF as the browser opened it (the API's answer may not say) */
  page_count: z.int().min(1).max(REVIEW_MAX_PAGES).optional(),
  confirmed_at: seenAt,
});
export type ReviewEvidence = z.infer<typeof reviewEvidenceSchema>;

export const sendInputSchema = z.strictObject({
  template_id: z.string().min(1).max(128),
  preview_token: z.string().min(8).max(300),
  confirmed: z.literal(true, { message: 'Confirm that you reviewed the document, values, recipients and expiry' }),
  /** for the console's sending record only; never sent to the API */
  review: reviewEvidenceSchema.optional(),
  /** the team it is sent for, one of the sender's (several: the last used when none is named); never sent to the API */
  team_id: teamChoiceSchema,
});

// Beyond id and status the spec fixes no field of a package: the rest are read tolerantly.

export const packageEventSchema = z.looseObject({
  at: z.string(),
  type: z.string(),
  slot_id: maybe(z.string()),
  reason: maybe(z.string()),
});
export type PackageEvent = z.infer<typeof packageEventSchema>;

export const packageSignerSchema = z.looseObject({
  slot_id: maybe(z.string()),
  label: maybe(z.string()),
  name: maybe(z.string()),
  email: maybe(z.string()),
  phone: maybe(z.string()),
  status: maybe(z.string()),
  signed_at: maybe(z.string()),
  declined_at: maybe(z.string()),
});
export type PackageSigner = z.infer<typeof packageSignerSchema>;

export const packageSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  invitation_status: maybe(z.string()),
  template_id: maybe(z.string()),
  template_name: maybe(z.string()),
  name: maybe(z.string()),
  version_number: maybe(z.number()),
  signers: z.array(packageSignerSchema).catch([]).default([]),
  sender_values: maybe(z.record(z.string(), z.union([z.string(), z.number()]))),
  expires_in_days: maybe(z.number()),
  expires_at: maybe(z.string()),
  created_at: maybe(z.string()),
  sent_at: maybe(z.string()),
  delivered_at: maybe(z.string()),
  completed_at: maybe(z.string()),
  declined_at: maybe(z.string()),
  decline_reason: maybe(z.string()),
  expired_at: maybe(z.string()),
  archived: maybe(z.boolean()),
  archived_at: maybe(z.string()),
  archive_reason: maybe(z.string()),
  // A malformed event drops the timeline, not the package.
  events: maybe(z.array(packageEventSchema)),
  prepared_pdf: maybe(z.looseObject({ page_count: maybe(z.number()), size_bytes: maybe(z.number()), sha256: maybe(z.string()) })),
});
/** A package as the API answers it (server/signing-api/packages.ts parses with packageSchema). */
export type SignaturePackage = z.infer<typeof packageSchema>;

/** What the console recorded when it sent a package (server/send-records/); the API never sees it. */
export interface ConsoleRecord {
  reference: string | null;
  recipients: { slot_id: string; name: string; email: string }[];
  /** the name of the account that sent it */
  sent_by: string;
  sent_at: string | null;
  expires_in_days: number;
}

/** A preview the user made, as the send form starts from it again (GET /api/packages/reviews/{id}). */
export interface ReviewStart {
  id: string;
  template_id: string;
  template_name: string | null;
  reference: string | null;
  sender_values: Record<string, string | number>;
  signers: { slot_id: string; name: string; email: string; phone: string }[];
  expires_in_days: number;
  previewed_at: string;
  /** set once it was sent */
  package_id: string | null;
}

/**
 * A package as the console's routes answer it: the API's record and, if the console sent it, its
 * own; one package's read names its team too (null: none).
 */
export type ConsolePackage = SignaturePackage & {
  console_record: ConsoleRecord | null;
  team?: { id: string; name: string } | null;
};
/** A row of the packages list; `found_in_record` when only the console's record matched the search. */
export type ListedPackage = ConsolePackage & { found_in_record: boolean };
export interface PackagesPage {
  data: ListedPackage[];
  pagination: { page: number; size: number; total: number; pages: number };
  /** with a search: how many packages the console's record matched, and how many of them the API's answer lacked */
  record_search?: { matched: number; added: number };
  scan?: ListScan;
}

export const packageArchiveSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(5, 'Give a reason of at least 5 characters')
    .max(500, 'The reason must be at most 500 characters'),
});
