import { z } from 'zod';
import { readSubmissionSchema } from '../../lib/submission-schema/index.ts';
import { json, type RouteDef } from '../http/context.ts';
import { badRequest, type ErrorDetail } from '../http/errors.ts';
import { assertJsonObject, parseWith } from '../http/validate.ts';
import type { Services } from '../services.ts';
import type { SubmissionSchema } from '../domain/catalog.ts';
import { publishWorkflowRelease } from '../domain/publish-workflow-release.ts';

// `schema` is checked on its own (a 400 naming what is wrong); the body around it is the
// usual strict shape (422), so a misspelt field is not taken for "copy the current schema".
const releaseBody = z.strictObject({ schema: z.unknown().optional() });

/**
 * Whether a caller's JSON Schema can be a release's submission schema: the problems, with
 * paths under `schema`, or none. The one place that decides it, so a richer checker can take
 * its place without touching the route.
 */
export function submissionSchemaProblems(schema: unknown): ErrorDetail[] {
  // The sandbox enforces a release's schema with the same reading the console renders it
  // with (lib/submission-schema): a construct that reading cannot carry could not be checked.
  const shell = shellProblems(schema);
  if (shell.length > 0) return shell;
  const reading = readSubmissionSchema(schema);
  const problems: ErrorDetail[] = reading.unsupported.map((u) => ({
    path: u.path ? `schema.properties.${u.path.replaceAll('.', '.properties.').replaceAll('.properties.*', '.items')}` : 'schema',
    message: `${u.construct}: ${u.message}`,
  }));
  if (problems.length > 0) return problems;
  // A required key without a property would be required in name only: no submission is checked for it.
  const keys = new Set(reading.fields.map((f) => f.key));
  return reading.required.flatMap((key, i) => (keys.has(key) ? [] : [{ path: `schema.required.${i}`, message: `names "${key}", which is not one of the properties` }]));
}

/** What the route promises whatever reads the fields: an object schema with `properties`, `required` a list of keys. */
function shellProblems(schema: unknown): ErrorDetail[] {
  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(schema)) return [{ path: 'schema', message: 'must be a JSON object' }];
  const { type, properties, required } = schema as Record<string, unknown>;
  const problems: ErrorDetail[] = [];
  if (type !== 'object') problems.push({ path: 'schema.type', message: `must be "object", not ${JSON.stringify(type ?? null)}` });
  if (!isObject(properties)) problems.push({ path: 'schema.properties', message: 'must be an object of field schemas' });
  if (required !== undefined && !(Array.isArray(required) && required.every((k) => typeof k === 'string')))
    problems.push({ path: 'schema.required', message: 'must be a list of property keys' });
  return problems;
}

/** The platform's workflow designer, which API keys cannot be: publishes a new release. */
export function workflowReleaseControlRoutes(services: Services): RouteDef[] {
  return [
    {
      id: 'control.approval-workflows.releases',
      method: 'POST',
      path: '/__sandbox/approval-workflows/:id/releases',
      auth: 'control',
      body: 'json',
      handler: (ctx) => {
        // Every field is optional, so no body at all means "publish the current schema again".
        const input = parseWith(releaseBody, ctx.body === undefined ? {} : assertJsonObject(ctx.body));
        // JSON has no undefined: an undefined schema is an absent one (null is a bad schema).
        const hasSchema = input.schema !== undefined;
        const problems = hasSchema ? submissionSchemaProblems(input.schema) : [];
        if (problems.length > 0) {
          throw badRequest(
            'INVALID_SUBMISSION_SCHEMA',
            `The schema cannot be a submission schema: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
            problems,
          );
        }
        const workflow = publishWorkflowRelease(services, {
          workflowId: ctx.params.id!,
          // Stored as sent: its annotations and unknown keywords are the caller's to keep.
          schema: hasSchema ? (input.schema as SubmissionSchema) : undefined,
        });
        return json(201, workflow);
      },
    },
  ];
}
