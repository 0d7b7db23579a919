import 'server-only';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';

// A real API may echo the session id in fields the sandbox never sends: the console hands
// the browser only the fields it names, and no string carrying the id.
const SID = 'Q7xZ-opaque-editor-session-2f9c';
let answer: unknown;

vi.mock('./client/client', () => ({
  callJson: async (_call: unknown, schema: z.ZodType) => ({ data: schema.parse(answer), status: 200, requestId: 'req_1' }),
  send: async () => new Response('%PDF'),
}));

const field = {
  id: 'f1',
  type: 'signature' as const,
  page: 1,
  x: 10,
  y: 20,
  width: 160,
  height: 40,
  slot_id: 'signer_1',
  required: true,
};
const leaky = {
  session_id: SID,
  sessionId: SID,
  url: `https://editor.example.com/hosted-editor/${SID}`,
  links: { self: `/hosted-editor/${encodeURIComponent(SID)}/commands` },
  layout: { fields: [{ ...field, editor: { session: SID }, note: `placed in ${SID}` }], session: SID },
  page_sizes: [{ width: 612, height: 792, source: SID }],
};

beforeEach(() => {
  answer = undefined;
});

describe('hosted-editor answers', () => {
  it('keep only the named fields of the editor state, and no string with the session id', async () => {
    const { readEditor } = await import('./hosted-editor');
    answer = {
      ...leaky,
      document_id: 'doc_1',
      version: 2,
      purpose: `Opened for ${SID}`,
      expires_at: '2030-01-01T00:00:00Z',
      status: 'draft',
      page_count: 1,
    };
    const state = await readEditor(SID);
    expect(state).toEqual({
      document_id: 'doc_1',
      layout: { fields: [field] },
      version: 2,
      purpose: 'Opened for [redacted]',
      expires_at: '2030-01-01T00:00:00Z',
      status: 'draft',
      page_count: 1,
      page_sizes: [{ width: 612, height: 792 }],
    });
    expect(JSON.stringify(state)).not.toContain(SID);
  });

  it('keep only the named fields of a command result, and no string with the session id', async () => {
    const { sendEditorCommand } = await import('./hosted-editor');
    answer = { ...leaky, document_id: 'doc_1', version: 3, status: `saved by ${SID}` };
    const result = await sendEditorCommand(
      SID,
      { type: 'SAVE_LAYOUT', expectedVersion: 2, layout: { fields: [field] } },
      'idem-12345678',
    );
    expect(result).toEqual({ document_id: 'doc_1', version: 3, layout: { fields: [field] }, status: 'saved by [redacted]' });
    expect(JSON.stringify(result)).not.toContain(SID);
  });

  it('tolerate odd values of fields the browser normalises anyway', async () => {
    const { readEditor } = await import('./hosted-editor');
    answer = {
      layout: { fields: [{ id: 'f2', type: 7, page: 'one' }] },
      version: 0,
      expires_at: '2030-01-01T00:00:00Z',
      page_sizes: 'none',
    };
    expect(await readEditor(SID)).toEqual({ layout: { fields: [{ id: 'f2' }] }, version: 0, expires_at: '2030-01-01T00:00:00Z' });
  });
});
