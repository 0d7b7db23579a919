import { z } from 'zod';
import {
  fieldsOf,
  formDataValidator,
  missingDocumentFields,
  SUBMISSION_TOO_COMPLEX,
  tooComplexIssue,
} from '../../lib/submission-schema/index.ts';
import { ApiError, type ErrorDetail } from '../http/errors.ts';
import type { Services } from '../services.ts';
import type { SubmissionSchema, SubmissionSchemaRecord } from './catalog.ts';
import { protectDocument, type DocumentRecord } from './documents.ts';
import type { FormData, RequestDocument } from './approval-requests.ts';

// Body pieces shared by submission and revision, and the checks of their content against
// a release's submission schema. Shape errors come from zod; content errors are collected
// into one 422 so a client sees every problem at once.

const documentItem = z.strictObject({
  document_id: z.string().min(1).max(120),
  field_key: z.string().min(1).max(120),
  name: z.string().trim().min(1).max(200),
  sign_actor_ids: z.array(z.string().min(1).max(120)).min(1).max(50).optional(),
});

export const documentsInput = z
  .array(documentItem)
  .max(50)
  .superRefine((docs, ctx) => {
    // A `format: document` field holds one document, as a JSON Schema string does.
    const seen = new Set<string>();
    docs.forEach((d, i) => {
      if (seen.has(d.field_key))
        ctx.addIssue({ code: 'custom', path: [i, 'field_key'], message: `field "${d.field_key}" already has a document` });
      seen.add(d.field_key);
    });
  });

// The content is checked against the schema afterwards; here only "an object".
export const formDataInput = z.record(z.string(), z.unknown(), { error: 'must be an object keyed by field key' });

export interface ContentRules {
  schema: SubmissionSchema;
  acceptsPerDocumentSigning: boolean;
  /** a draft: types hold, requiredness does not */
  partial: boolean;
  /** required document fields must be covered (a submission) */
  requireDocuments: boolean;
}

export function pinnedSchema(services: Services, workflowReleaseId: string): SubmissionSchema {
  const found = services.records.get<SubmissionSchemaRecord>('submission_schema', workflowReleaseId);
  // Releases are immutable catalog data; a missing one is a broken seed, not client input.
  if (!found) throw new Error(`submission schema ${workflowReleaseId} is missing`);
  return found.schema;
}

function formIssues(
  rules: ContentRules,
  formData: FormData,
  docs: RequestDocument[],
): { data: FormData; details: ErrorDetail[] } {
  const documents = Object.fromEntries(docs.map((d) => [d.field_key, d.document_id]));
  const result = formDataValidator(fieldsOf(rules.schema), { partial: rules.partial, documents }).safeParse(formData);
  if (result.success) return { data: result.data, details: [] };
  // The check stopped short (pattern-budget.ts): refused for that alone, as the console does.
  const stopped = tooComplexIssue(result.error.issues);
  if (stopped) {
    const path = ['form_data', ...stopped.path.map(String)].join('.');
    throw new ApiError(
      422,
      SUBMISSION_TOO_COMPLEX,
      `Request content too complex to check (stopped at ${path}): send fewer or shorter values.`,
      [{ path, field_key: String(stopped.path[0] ?? ''), message: stopped.message }],
    );
  }
  const details = result.error.issues.flatMap((issue): ErrorDetail[] => {
    const at = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: ['form_data', ...at, key].join('.'),
        field_key: String(at[0] ?? key),
        message: at.length > 0 ? `"${key}" is not a field of ${at.join('.')}` : 'is not a field of the submission schema',
      }));
    }
    return [{ path: ['form_data', ...at].join('.'), field_key: String(at[0] ?? ''), message: issue.message }];
  });
  return { data: formData, details };
}

function documentIssues(services: Services, appId: string, rules: ContentRules, docs: RequestDocument[]): ErrorDetail[] {
  const fields = new Map(fieldsOf(rules.schema).map((f) => [f.key, f]));
  const details: ErrorDetail[] = [];
  docs.forEach((d, i) => {
    if (!services.records.getOwned<DocumentRecord>('document', d.document_id, appId)) {
      details.push({ path: `documents.${i}.document_id`, message: `no document "${d.document_id}" belongs to this app` });
    }
    const field = fields.get(d.field_key);
    if (!field)
      details.push({ path: `documents.${i}.field_key`, message: `"${d.field_key}" is not a field of the submission schema` });
    else if (field.kind !== 'document')
      details.push({ path: `documents.${i}.field_key`, message: `"${d.field_key}" is not a document field` });
  });
  if (rules.requireDocuments) {
    for (const key of missingDocumentFields(
      [...fields.values()],
      docs.map((d) => d.field_key),
    )) {
      details.push({ path: 'documents', field_key: key, message: `the required document field "${key}" has no document` });
    }
  }
  return details;
}

/** Checks form data and documents together; throws one 422 listing every problem. */
export function checkContent(
  services: Services,
  appId: string,
  rules: ContentRules,
  formData: FormData,
  docs: RequestDocument[],
): FormData {
  const signing = docs.findIndex((d) => d.sign_actor_ids !== undefined);
  if (signing >= 0 && !rules.acceptsPerDocumentSigning) {
    throw new ApiError(
      422,
      'PER_DOCUMENT_SIGNING_UNSUPPORTED',
      'This workflow does not accept per-document signing: remove sign_actor_ids.',
      [{ path: `documents.${signing}.sign_actor_ids`, message: 'not accepted by this workflow' }],
    );
  }
  const form = formIssues(rules, formData, docs);
  const details = [...form.details, ...documentIssues(services, appId, rules, docs)];
  if (details.length > 0) {
    throw new ApiError(
      422,
      'VALIDATION_FAILED',
      `Invalid request content: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
      details,
    );
  }
  return form.data;
}

/** Marks each referenced document as evidence of the request; run inside the caller's transaction. */
export function protectDocuments(services: Services, requestId: string, docs: RequestDocument[]): void {
  for (const d of docs) {
    const doc = services.records.get<DocumentRecord>('document', d.document_id);
    if (!doc) continue; // checked by checkContent in the same synchronous turn
    const ref = { kind: 'approval_request' as const, id: requestId, field_key: d.field_key };
    services.records.update('document', protectDocument(doc, ref, `Evidence of approval request ${requestId}`));
  }
}
