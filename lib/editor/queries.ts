import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiResponse } from '../api-client.ts';
import { via } from '../api-transport.ts';
import { ConsoleApiError } from '../api-error.ts';
import { normalizeFields } from './field-types.ts';
import type { PageSize } from './geometry.ts';
import { documentSchema, type DocumentItem, type EditorCommand, type LayoutField } from '../documents/schemas.ts';

// The hosted editor as the browser sees it: addressed by document id (the session id stays on
// the server, DESIGN.md section 5). Every answer is read into one snapshot shape.

export interface EditorSnapshot {
  fields: LayoutField[];
  version: number;
  status: 'draft' | 'completed';
  /** absent in a command's answer: commands do not move the session's end */
  expiresAt?: string;
  /** per page, rotation applied, when the API tells (the sandbox does) */
  pageSizes?: PageSize[];
}

const answerSchema = z.looseObject({
  layout: z.looseObject({ fields: z.array(z.looseObject({})).default([]) }),
  version: z.number(),
  status: z.string().optional(),
  expires_at: z.string().optional(),
  page_sizes: z.array(z.looseObject({ width: z.number().positive(), height: z.number().positive() })).optional(),
});

function snapshot(raw: unknown): EditorSnapshot {
  const parsed = answerSchema.safeParse(raw);
  if (!parsed.success) throw new ConsoleApiError(502, 'BAD_ANSWER', 'The editor answered in an unexpected shape. Reload the page.');
  const a = parsed.data;
  return {
    fields: normalizeFields(a.layout.fields),
    version: a.version,
    status: a.status === 'completed' ? 'completed' : 'draft',
    expiresAt: a.expires_at,
    pageSizes: a.page_sizes?.map(({ width, height }) => ({ width, height })),
  };
}

const editorPath = (documentId: string, rest = '') => `/api/documents/${encodeURIComponent(documentId)}/editor${rest}`;

/** The current session's state; 409 EDITOR_SESSION_EXPIRED when the document has no live session. */
export const readEditor = async (documentId: string) => snapshot(await api<unknown>(editorPath(documentId)));

/** Opens a new session (replacing any earlier one) and answers its state. */
export const openEditor = async (documentId: string) =>
  snapshot(await api<unknown>(editorPath(documentId), { method: 'POST', body: { purpose: 'Lay out signature fields' } }));

/** SAVE_LAYOUT or COMPLETE with the version last read; `key` is the click's Idempotency-Key. */
export const sendEditorCommand = async (documentId: string, command: EditorCommand, key: string) =>
  snapshot(await api<unknown>(editorPath(documentId, '/commands'), { method: 'POST', body: command, idempotencyKey: key }));

export const editorKeys = {
  pdf: (documentId: string) => ['documents', documentId, 'editor', 'pdf'] as const,
  document: (documentId: string) => ['documents', documentId, 'editor', 'record'] as const,
};

/** The PDF's bytes, fetched once per page visit: a later expiry does not take the pages away. */
export const editorPdfQuery = (documentId: string) =>
  queryOptions({
    queryKey: editorKeys.pdf(documentId),
    queryFn: async (ctx) => {
      const res = await apiResponse(editorPath(documentId, '/document'), { accept: 'application/pdf', ...via(ctx) });
      return new Uint8Array(await res.arrayBuffer());
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export const editorDocumentQuery = (documentId: string) =>
  queryOptions({
    queryKey: editorKeys.document(documentId),
    queryFn: async (ctx): Promise<DocumentItem> => documentSchema.parse(await api<unknown>(`/api/documents/${encodeURIComponent(documentId)}`, via(ctx))),
    retry: false,
  });
