import 'server-only';
import {
  formDataValidator,
  missingDocumentFields,
  readSubmissionSchema,
  SUBMISSION_TOO_COMPLEX,
  tooComplexIssue,
  type SubmissionSchemaReading,
} from '@/lib/submission-schema';
import { ConsoleError } from '../errors';
import { getSubmissionSchema } from './catalog';
import { SigningApiError } from './client/errors';

// A request's content checked against its release's submission schema before it is sent, with
// the reading the browser's form and the sandbox use (lib/submission-schema): a body that the
// form would have refused (another client, a stale tab) is answered here, field by field, and
// spends no call that could only be refused. When the schema cannot be read, or holds what the
// reading cannot carry, the API alone decides.

// A release never changes (a request keeps the snapshot it started with), so its reading is
// kept for the life of the process; bounded, oldest first out.
const readings = new Map<string, SubmissionSchemaReading>();
const MAX_READINGS = 200;

async function readingOf(workflowReleaseId: string): Promise<SubmissionSchemaReading | null> {
  const cached = readings.get(workflowReleaseId);
  if (cached) return cached;
  const m = /^(.+)@(\d+)$/.exec(workflowReleaseId);
  if (!m) return null;
  const release = await getSubmissionSchema(m[1]!, m[2]!).catch(() => null);
  if (!release) return null;
  const reading = readSubmissionSchema(release.schema);
  if (readings.size >= MAX_READINGS) readings.delete(readings.keys().next().value!);
  readings.set(workflowReleaseId, reading);
  return reading;
}

interface Content {
  form_data: Record<string, unknown>;
  documents?: { document_id: string; field_key: string }[];
}

/** Throws a 422 naming every problem, as the API's would; returns when the content fits or cannot be judged here. */
export async function checkContent(
  workflowReleaseId: string,
  content: Content,
  { requireDocuments, partial = false }: { requireDocuments: boolean; partial?: boolean },
): Promise<void> {
  const reading = await readingOf(workflowReleaseId);
  if (!reading || reading.unsupported.length > 0) return;
  // Documents left out of a revision keep the request's own, which are not known here.
  const documents = content.documents
    ? Object.fromEntries(content.documents.map((d) => [d.field_key, d.document_id]))
    : undefined;
  const details: { path: string; field_key?: string; message: string }[] = [];
  const checked = formDataValidator(reading.fields, { documents, partial }).safeParse(content.form_data);
  // The check stopped short (lib/submission-schema/pattern-budget.ts): what it found so far is
  // not the whole story, so the refusal is that alone, naming where it stopped.
  const stopped = checked.success ? undefined : tooComplexIssue(checked.error.issues);
  if (stopped) {
    const path = ['form_data', ...stopped.path.map(String)].join('.');
    throw new ConsoleError(
      422,
      SUBMISSION_TOO_COMPLEX,
      `The request holds more text under patterns than one request may have checked (stopped at ${path}); send fewer or shorter values.`,
      [{ path, field_key: stopped.path.map(String)[0], message: stopped.message }],
    );
  }
  if (!checked.success)
    for (const issue of checked.error.issues) {
      const at = issue.path.map(String);
      const keys = issue.code === 'unrecognized_keys' ? issue.keys : [null];
      for (const key of keys)
        details.push({
          path: ['form_data', ...at, ...(key ? [key] : [])].join('.'),
          field_key: at[0] ?? key ?? undefined,
          message: key ? 'is not a field of the submission schema' : issue.message,
        });
    }
  if (requireDocuments && documents)
    for (const key of missingDocumentFields(reading.fields, Object.keys(documents)))
      details.push({ path: 'documents', field_key: key, message: `the required document field "${key}" has no document` });
  if (details.length === 0) return;
  throw new SigningApiError(
    422,
    'VALIDATION_FAILED',
    `The request does not fit the submission schema of ${workflowReleaseId}: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
    details,
  );
}
