import { z } from 'zod';
import { json, type RouteDef } from '../http/context.ts';
import { assertJsonObject, parseWith } from '../http/validate.ts';
import { hashSecret } from '../keys.ts';
import { documentFileName } from '../domain/documents.ts';
import {
  prepareEditorCommand,
  commandBody,
  documentPageSizes,
  editorStatus,
  sessionDocument,
} from '../domain/editor-commands.ts';
import {
  EDITOR_SESSION_TTL_MS,
  newSessionId,
  resolveEditorSession,
  type EditorSessionRecord,
} from '../domain/editor-sessions.ts';
import { ownDocument } from '../domain/own-document.ts';
import type { Services } from '../services.ts';

const sessionBody = z.strictObject({
  purpose: z.string().min(3, 'must be at least 3 characters').max(120, 'must be at most 120 characters').optional(),
});

// The session id is a credential in the URL: answers must not be cached or leak it onward
// through a Referer header.
const PRIVATE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

export function hostedEditorRoutes(services: Services): RouteDef[] {
  const editor = { auth: 'editor' as const };
  // The pipeline has already accepted the session (401 otherwise); this fetches its record.
  const sessionOf = (sessionId: string | undefined) => resolveEditorSession(services, sessionId);
  return [
    {
      id: 'hosted-editor.create-session',
      method: 'POST',
      path: '/api/v1/documents/:id/session',
      auth: 'key',
      scope: 'documents:write',
      body: 'json',
      handler: (ctx) => {
        // Ownership before the body: another app's document answers 404 whatever is sent.
        const doc = ownDocument(services, ctx, ctx.params.id);
        const input = parseWith(sessionBody, ctx.body === undefined ? {} : assertJsonObject(ctx.body));
        const sessionId = newSessionId();
        const now = services.clock.now();
        const expiresMs = now + EDITOR_SESSION_TTL_MS;
        const record: EditorSessionRecord = {
          id: hashSecret(sessionId),
          app_id: ctx.appId!,
          document_id: doc.id,
          purpose: input.purpose ?? null,
          created_at: services.clock.iso(now),
          expires_at: services.clock.iso(expiresMs),
          expires_at_ms: expiresMs,
          completed: false,
        };
        services.records.insert('editor_session', record, ctx.appId);
        return json(
          200,
          {
            session_id: sessionId,
            document_id: doc.id,
            purpose: record.purpose,
            expires_at: record.expires_at,
            layout_version: doc.layout_version,
          },
          { 'Cache-Control': 'no-store' },
        );
      },
    },
    {
      ...editor,
      id: 'hosted-editor.read-commands',
      method: 'GET',
      path: '/api/v1/hosted-editor/:sessionId/commands',
      handler: async (ctx) => {
        const session = sessionOf(ctx.params.sessionId);
        const doc = sessionDocument(services, session);
        const pageSizes = await documentPageSizes(services, doc);
        return json(
          200,
          {
            document_id: doc.id,
            layout: doc.layout,
            version: doc.layout_version,
            purpose: session.purpose,
            expires_at: session.expires_at,
            status: editorStatus(doc),
            page_count: doc.page_count,
            page_sizes: pageSizes,
          },
          PRIVATE,
        );
      },
    },
    {
      ...editor,
      id: 'hosted-editor.read-document',
      method: 'GET',
      path: '/api/v1/hosted-editor/:sessionId/document',
      handler: (ctx) => {
        const doc = sessionDocument(services, sessionOf(ctx.params.sessionId));
        const name = documentFileName(doc.id);
        return {
          status: 200,
          raw: services.files.stream(name),
          contentType: 'application/pdf',
          headers: { ...PRIVATE, 'Content-Length': String(services.files.size(name)), 'X-Content-Type-Options': 'nosniff' },
        };
      },
    },
    {
      ...editor,
      id: 'hosted-editor.command',
      method: 'POST',
      path: '/api/v1/hosted-editor/:sessionId/commands',
      body: 'json',
      idempotency: 'header-or-body',
      handler: async (ctx) => {
        const session = sessionOf(ctx.params.sessionId);
        const cmd = parseWith(commandBody, assertJsonObject(ctx.body));
        const write = await prepareEditorCommand(services, session, cmd);
        return ctx.commit(() => json(200, write(), PRIVATE));
      },
    },
  ];
}
