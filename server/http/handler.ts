import 'server-only';
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { can, type Permission } from '@/lib/roles';
import { API_DATE_HEADER } from '@/lib/api-clock';
import { IDEMPOTENCY_KEY_PATTERN } from '@/lib/idempotency';
import { recordAudit, type AuditChange, type AuditEntry } from '../audit';
import { db } from '../db';
import { logger } from '../logger';
import { currentSession } from '../auth/session';
import { clientAddress, isSameOrigin } from '../auth/request-info';
import { callContext, type CallContext } from '../signing-api/client/call-context';
import { SigningApiError } from '../signing-api/client/errors';
import { estimatedApiDate } from '../signing-api/client/upstream-clock';
import type { User } from '../users/users';
import { newRequestId } from '../request-id';
import { requestRecord } from '../edge/request-record';
import { beginIntent, settleIntent, type BegunIntent } from '../intents/journal';
import { readJsonBody } from './read-json';
import { ConsoleError } from '../errors';
import { errorResponse, toHttpError } from './respond';
import { measured } from './measured';
import { withTeamScope, type TeamNote } from '../teams/scope';

export interface Ctx<P, Q, B> {
  req: NextRequest;
  requestId: string;
  user: User;
  params: P;
  query: Q;
  body: B;
  idempotencyKey: string | null;
}

interface AuditTarget<P, B> {
  targetType: string;
  target?: (params: P, body: B, result: unknown) => string | null | undefined;
  /** the team the entry concerns; else the team the request made its record for (teamForRecord) */
  team?: (params: P, body: B, result: unknown) => string | null | undefined;
  reason?: (body: B) => string | undefined;
}

/** One entry per request, under one operation. */
interface SingleAudit<P, B> extends AuditTarget<P, B> {
  operation: string;
  details?: (body: B, result: unknown) => Record<string, unknown>;
  changes?: undefined;
}

/**
 * A request that can make several changes at once (a user's roles and the disabled flag): one
 * entry per change the body makes, each under its own operation with its own details, sharing
 * the request's target, outcome and ids. Not for keyed routes: an intent is one operation.
 */
interface ChangesAudit<P, B> extends AuditTarget<P, B> {
  changes: (body: B) => AuditChange[];
  operation?: undefined;
  details?: undefined;
}

export type AuditSpec<P, B> = SingleAudit<P, B> | ChangesAudit<P, B>;

export interface Spec<P, Q, B> {
  permission: Permission;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** a tighter cap than JSON_LIMIT for bodies that are small by nature */
  maxBodyBytes?: number;
  /** 'required': the browser's Idempotency-Key for this intent must come along */
  idempotency?: 'required';
  audit?: AuditSpec<P, B>;
}

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

const zodDetails = (issues: readonly z.core.$ZodIssue[]) =>
  issues.map((i) => ({
    path: i.path.map(String).join('.'),
    message: i.code === 'unrecognized_keys' ? `unknown field(s): ${i.keys.join(', ')}` : i.message,
  }));

function parse<T>(schema: z.ZodType<T> | undefined, input: unknown, where: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = zodDetails(result.error.issues);
  throw new ConsoleError(
    422,
    'VALIDATION_FAILED',
    `Invalid ${where}: ${details.map((d) => `${d.path || where}: ${d.message}`).join('; ')}`,
    details,
  );
}

/** How long the request waited its turn for the API's rate limit, when it did (Server-Timing). */
const queueTiming = (call: CallContext): Record<string, string> =>
  call.queuedMs ? { 'server-timing': `queue;dur=${Math.round(call.queuedMs)};desc="waiting for the API's rate limit"` } : {};

/**
 * Every console route: session, role, same origin for mutations, params, query, body,
 * the call, error mapping and the audit entry — in that order, so nothing reaches the
 * Signing API before every check has passed.
 */
export function handler<P = undefined, Q = undefined, B = undefined>(
  spec: Spec<P, Q, B>,
  fn: (ctx: Ctx<P, Q, B>) => Promise<unknown>,
) {
  // The intent journal files a keyed write under one operation; a route that records several
  // entries per request has none to give, and is refused when it is built, not on a request.
  const intentOperation = spec.idempotency === 'required' && spec.audit ? spec.audit.operation : undefined;
  if (spec.idempotency === 'required' && spec.audit && intentOperation === undefined) {
    throw new Error('A keyed route audits one operation (its intent), not one entry per change.');
  }
  const answer = async (req: NextRequest, context: RouteContext): Promise<Response> => {
    const requestId = newRequestId();
    const mutation = req.method !== 'GET' && req.method !== 'HEAD';
    let ctx: Ctx<P, Q, B> | null = null;
    let user: User | null = null;
    let intent: BegunIntent | null = null;
    const call: CallContext = { upstreamRequestId: null };
    const teamNote: TeamNote = {};
    const record = requestRecord();
    if (record) record.requestId = requestId;
    try {
      const state = await currentSession(true, req);
      if (!state.user) {
        throw new ConsoleError(
          401,
          state.reason === 'expired' ? 'SESSION_EXPIRED' : 'UNAUTHENTICATED',
          state.reason === 'expired' ? 'Your session has ended. Sign in again.' : 'Sign in to continue.',
        );
      }
      user = state.user;
      if (record) record.userId = user.id;
      call.lane = user.id;
      if (!can(user.roles, spec.permission)) throw new ConsoleError(403, 'FORBIDDEN', 'Your role does not allow this action.');
      if (mutation && !isSameOrigin(req.headers))
        throw new ConsoleError(403, 'CROSS_SITE_REQUEST', 'Cross-site requests are refused.');
      const params = spec.params ? parse(spec.params, await context.params, 'path') : (undefined as P);
      const query = parse(spec.query, Object.fromEntries(req.nextUrl.searchParams), 'query');
      const body = spec.body ? parse(spec.body, await readJsonBody(req, spec.maxBodyBytes), 'body') : (undefined as B);
      const key = req.headers.get('idempotency-key');
      if (spec.idempotency === 'required' && !key) {
        throw new ConsoleError(422, 'IDEMPOTENCY_KEY_MISSING', 'This action needs an Idempotency-Key.', [
          { path: 'Idempotency-Key', message: 'required' },
        ]);
      }
      if (key !== null && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
        throw new ConsoleError(
          422,
          'IDEMPOTENCY_KEY_INVALID',
          'Idempotency-Key must be 8-160 printable characters without spaces.',
          [{ path: 'Idempotency-Key', message: 'invalid' }],
        );
      }
      ctx = { req, requestId, user, params, query, body, idempotencyKey: key };
      if (intentOperation !== undefined && key) {
        intent = await beginIntent(await db(), {
          userId: user.id,
          operation: intentOperation,
          key,
          method: req.method,
          path: req.nextUrl.pathname,
          params,
          body,
          replayable: spec.body !== undefined,
        });
      }
      const current = ctx;
      // Every read of records in the route sees what this user's teams see (server/teams/scope.ts).
      const result = await callContext.run(call, () => withTeamScope(current.user, () => fn(current), teamNote));
      const headers: Record<string, string> = { 'cache-control': 'no-store', ...queueTiming(call) };
      const apiDate = call.upstreamDate ?? estimatedApiDate();
      if (apiDate) headers[API_DATE_HEADER] = apiDate;
      if (intent)
        headers['intent-state'] = await settleIntent(await db(), intent.id, {
          status: 200,
          resultId: spec.audit?.target?.(ctx.params, ctx.body, result) ?? null,
        });
      if (spec.audit) await audit(spec.audit, ctx, call.upstreamRequestId, 200, result, null, teamNote);
      if (result instanceof Response) {
        if (apiDate) result.headers.set(API_DATE_HEADER, apiDate);
        for (const [name, value] of Object.entries(queueTiming(call))) result.headers.set(name, value);
        return result;
      }
      return Response.json(result, { headers });
    } catch (err) {
      const httpError = toHttpError(err, requestId);
      // A refusal shows the API's time too: the browser reads a spent receipt against it.
      const apiDate = call.upstreamDate ?? estimatedApiDate();
      if (apiDate) httpError.headers[API_DATE_HEADER] = apiDate;
      Object.assign(httpError.headers, queueTiming(call));
      if (intent) {
        // The journal keeps what the answer says: definite (failed) or not known (unknown).
        const status = err instanceof SigningApiError ? err.status : err instanceof ConsoleError ? err.status : 500;
        const state = await settleIntent(await db(), intent.id, {
          status,
          errorCode: httpError.code,
          earlierUnknown: intent.earlierUnknown,
        }).catch((e: unknown) => {
          logger().error({ err: e }, 'intent journal write failed');
          return 'unknown' as const;
        });
        httpError.headers['Intent-State'] = state;
      }
      if (ctx && spec.audit) {
        const upstream = err instanceof SigningApiError ? (err.requestId ?? call.upstreamRequestId) : call.upstreamRequestId;
        const unknown = httpError.headers['Intent-State'] === 'unknown';
        await audit(spec.audit, ctx, upstream, httpError.status, null, httpError.code, teamNote, unknown).catch((e: unknown) =>
          logger().error({ err: e }, 'audit write failed'),
        );
      }
      return errorResponse(httpError, requestId);
    }
  };
  return (req: NextRequest, context: RouteContext) => measured(req, () => answer(req, context));
}

/** The entries one request records: its one operation, or one per change its body makes. */
function auditChanges<P, B>(spec: AuditSpec<P, B>, body: B, result: unknown): AuditChange[] {
  if (spec.changes) return spec.changes(body);
  return [{ operation: spec.operation, details: body ? spec.details?.(body, result) : undefined }];
}

/** `unknown`: the journal could not tell whether the API carried the write out. */
async function audit<P, Q, B>(
  spec: AuditSpec<P, B>,
  ctx: Ctx<P, Q, B>,
  upstreamRequestId: string | null,
  status: number,
  result: unknown,
  code: string | null,
  note: TeamNote,
  unknown = false,
) {
  const [first, ...more] = auditChanges(spec, ctx.body, result).map((change): AuditEntry => ({
    user: ctx.user,
    operation: change.operation,
    targetType: spec.targetType,
    targetId: spec.target?.(ctx.params, ctx.body, result) ?? null,
    outcome: unknown ? 'unknown' : status < 400 ? 'success' : 'failure',
    status,
    errorCode: code,
    upstreamRequestId,
    idempotencyKey: ctx.idempotencyKey,
    reason: ctx.body ? spec.reason?.(ctx.body) : undefined,
    details: change.details,
    clientAddress: clientAddress(ctx.req.headers),
    teamId: spec.team?.(ctx.params, ctx.body, result) ?? note.teamId ?? null,
  }));
  // A request's changes are written together, or not at all.
  if (first) await recordAudit(await db(), first, ...more);
}
