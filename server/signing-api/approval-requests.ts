import 'server-only';
import {
  approvalRequestSchema,
  revisionRequirementsSchema,
  type ApprovalRequest,
  type RevisionInput,
  type SubmitRequestInput,
} from '@/lib/approval-requests/schemas';
import { pageOf } from '@/lib/list/schemas';
import { getCatalogItem } from './catalog';
import { callJson } from './client/client';
import { checkContent } from './content-check';
import { SigningApiError, explainingRefusal } from './client/errors';

const path = (id: string, rest = '') => `/approval-requests/${encodeURIComponent(id)}${rest}`;

export async function submitRequest(input: SubmitRequestInput, idempotencyKey: string) {
  try {
    await checkContent(input.workflow_release_id, input, { requireDocuments: input.submit });
  } catch (err) {
    // Content that does not fit a release the workflow has moved past: the remedy is the
    // current release, whose form may well take it.
    throw (err instanceof SigningApiError && (await staleRelease(input, err, false))) || err;
  }
  const call = callJson({ method: 'POST', path: '/approval-requests', json: input, idempotencyKey }, approvalRequestSchema);
  return (await explainingRefusal(call, [409, 422], (err) => explainRefusal(input, err))).data;
}

/**
 * Why a submission was refused, told by fresh reads rather than by the API's code (the spec
 * names no code for either): the workflow's current release moved past the one sent (a stale
 * version is a 409 by the spec's table), or one of the app's requests already carries the
 * external id. A request that matches this submission may be this very one, still being
 * written under the same key: that is no refusal to explain.
 */
async function explainRefusal(input: SubmitRequestInput, err: SigningApiError): Promise<SigningApiError | null> {
  const stale = await staleRelease(input, err, true);
  if (stale) return stale;
  const found = await listRequests({ q: input.external_id, size: 100 }).catch(() => null);
  const holder = found?.data.find((r) => r.external_id === input.external_id);
  if (!holder || sameSubmission(holder, input)) return null;
  return new SigningApiError(
    409,
    'EXTERNAL_ID_TAKEN',
    `This app already has an approval request with the external id “${input.external_id}”.`,
    [{ path: 'external_id', message: 'already used by another request' }],
    null,
    err.requestId,
  );
}

/**
 * The spec calls a stale version a 409 and an invalid schema a 422: a host may refuse a stale
 * release with either, so both are checked against the workflow's current release. A 422 may
 * also have had a reason of its own (a release whose runtime is no longer supported), so the
 * API's words stay beside the remedy, which is the same: the current release.
 */
async function staleRelease(input: SubmitRequestInput, err: SigningApiError, fromApi: boolean): Promise<SigningApiError | null> {
  const workflow = await getCatalogItem('approval-workflows', input.workflow_id, { fresh: true }).catch(() => null);
  const current = workflow?.workflow_release_id;
  if (!current || current === input.workflow_release_id) return null;
  const said = err.status === 422 && fromApi ? ` The Signing API said: ${err.message}` : '';
  return new SigningApiError(
    409,
    'STALE_WORKFLOW_RELEASE',
    `Release ${input.workflow_release_id} is no longer current; the workflow is now at ${current}.${said}`,
    [{ path: 'workflow_release_id', message: `stale; current is ${current}`, current_release_id: current }],
    null,
    err.requestId,
  );
}

const sameSubmission = (r: ApprovalRequest, input: SubmitRequestInput) =>
  r.workflow_id === input.workflow_id && JSON.stringify(r.form_data) === JSON.stringify(input.form_data);

export async function listRequests(query: Record<string, string | number | undefined>) {
  return (await callJson({ method: 'GET', path: '/approval-requests', query }, pageOf(approvalRequestSchema))).data;
}

export async function getRequest(id: string) {
  return (await callJson({ method: 'GET', path: path(id) }, approvalRequestSchema)).data;
}

export async function revisionRequirements(id: string) {
  return (await callJson({ method: 'GET', path: path(id, '/revision-requirements') }, revisionRequirementsSchema)).data;
}

// A request keeps the release it started with: read once, its pin is known for good.
const pins = new Map<string, string>();
async function pinnedRelease(id: string): Promise<string | null> {
  const known = pins.get(id);
  if (known) return known;
  const release = (await getRequest(id).catch(() => null))?.workflow_release_id ?? null;
  if (release) {
    if (pins.size >= 1_000) pins.delete(pins.keys().next().value!);
    pins.set(id, release);
  }
  return release;
}

/** A revision's content checked against the request's own release (a draft need not be whole yet). */
async function checkRevision(id: string, input: RevisionInput, partial: boolean) {
  const release = await pinnedRelease(id);
  if (release) await checkContent(release, input, { requireDocuments: !partial, partial });
}

export async function saveRevisionDraft(id: string, input: RevisionInput, idempotencyKey: string) {
  await checkRevision(id, input, true);
  return (
    await callJson(
      { method: 'PATCH', path: path(id, '/revision-draft'), json: input, idempotencyKey },
      revisionRequirementsSchema,
    )
  ).data;
}

export async function resubmitRequest(id: string, input: RevisionInput, idempotencyKey: string) {
  await checkRevision(id, input, false);
  return (await callJson({ method: 'POST', path: path(id, '/resubmit'), json: input, idempotencyKey }, approvalRequestSchema))
    .data;
}
