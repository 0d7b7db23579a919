import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleApiError } from '@/lib/api-error';
import { initialModel, type EditorAction, type EditorModel } from '@/lib/editor/editor-model';
import type { EditorSnapshot } from '@/lib/editor/queries';
import type { EditorCommand, LayoutField } from '@/lib/documents/schemas';
import { renderHookOnce } from '@/tests/support/render-hook';
import { useEditorCommands } from './use-editor-commands';

// The editor's commands on the keyed-mutation hook: one command however fast the clicks, the
// same Idempotency-Key for a retry after an unknown outcome, and one toast per outcome.

const api = vi.hoisted(() => ({
  sendEditorCommand: vi.fn<(documentId: string, command: EditorCommand, key: string) => Promise<EditorSnapshot>>(),
  readEditor: vi.fn<(documentId: string) => Promise<EditorSnapshot>>(),
}));
vi.mock('@/lib/editor/queries', () => api);

interface Shown {
  kind: 'success' | 'error' | 'info';
  message: string;
  action?: { label: string; onClick(): void };
}
const toasts = vi.hoisted(() => ({ shown: [] as Shown[], dismissed: [] as number[] }));
vi.mock('@/components/ui/toast', () => {
  const show = (kind: Shown['kind']) => (message: string, options?: { action?: Shown['action'] }) =>
    toasts.shown.push({ kind, message, action: options?.action });
  return {
    toast: {
      success: show('success'),
      error: show('error'),
      info: show('info'),
      dismiss: (id: number) => void toasts.dismissed.push(id),
    },
  };
});

const field: LayoutField = {
  id: 'signature_1',
  type: 'signature',
  page: 1,
  x: 56,
  y: 100,
  width: 180,
  height: 40,
  slot_id: 'signer_1',
  required: true,
};
const snapshot = (version: number, status: EditorSnapshot['status'] = 'draft'): EditorSnapshot => ({
  fields: [field],
  version,
  status,
});

/** A deferred answer, so a test decides when the API has answered. */
function answer<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(model: Partial<EditorModel> = {}) {
  const actions: EditorAction[] = [];
  const deps = {
    documentId: 'doc_1',
    model: { ...initialModel, fields: [field], base: [], version: 3, ...model },
    dispatch: (action: EditorAction) => void actions.push(action),
    adopt: vi.fn((): 'loaded' | 'kept' | 'conflict' => 'conflict'),
    markExpired: vi.fn(),
    reveal: vi.fn(),
  };
  const commands = renderHookOnce(() => useEditorCommands(deps));
  return { commands, actions, deps };
}

const keys = () => api.sendEditorCommand.mock.calls.map(([, , key]) => key);

beforeEach(() => {
  api.sendEditorCommand.mockReset();
  api.readEditor.mockReset();
  toasts.shown.length = 0;
  toasts.dismissed.length = 0;
});

describe('useEditorCommands', () => {
  it('sends one command for a double click, with the version last read, and reports it once', async () => {
    const reply = answer<EditorSnapshot>();
    api.sendEditorCommand.mockReturnValueOnce(reply.promise);
    const { commands, actions } = setup();

    const first = commands.save();
    const second = commands.save();
    reply.resolve(snapshot(4));

    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(api.sendEditorCommand).toHaveBeenCalledTimes(1);
    expect(api.sendEditorCommand).toHaveBeenCalledWith(
      'doc_1',
      { type: 'SAVE_LAYOUT', expectedVersion: 3, layout: { fields: [field] } },
      expect.stringMatching(/^editor-/),
    );
    expect(actions).toEqual([{ type: 'saved', fields: [field], version: 4, status: 'draft' }]);
    expect(toasts.shown).toEqual([{ kind: 'success', message: 'Layout saved as version 4.', action: undefined }]);
  });

  it('offers "Try again" after an unknown outcome, which resends under the same key; a new intent then takes a new key', async () => {
    api.sendEditorCommand
      .mockRejectedValueOnce(new ConsoleApiError(500, 'UPSTREAM_ERROR', 'The Signing API failed to process the request.'))
      .mockResolvedValueOnce(snapshot(4))
      .mockResolvedValueOnce(snapshot(5));
    const { commands } = setup();

    expect(await commands.save()).toBe(false);
    const failure = toasts.shown.at(-1)!;
    expect(failure).toMatchObject({ kind: 'error', message: 'Saving failed: The Signing API failed to process the request.' });
    expect(failure.action?.label).toBe('Try again');

    failure.action!.onClick();
    await vi.waitFor(() => expect(toasts.shown.at(-1)?.message).toBe('Layout saved as version 4.'));
    // One toast per outcome: the failure's is dismissed when the success shows.
    expect(toasts.dismissed).toHaveLength(1);
    expect(keys()[1]).toBe(keys()[0]);

    expect(await commands.save()).toBe(true);
    expect(keys()[2]).not.toBe(keys()[0]);
  });

  it.each([
    ['no answer at all', new ConsoleApiError(0, 'NETWORK_ERROR', 'The console could not be reached.')],
    ['a rate limit', new ConsoleApiError(429, 'RATE_LIMITED', 'Slow down.')],
    ['the same key still running', new ConsoleApiError(409, 'IDEMPOTENCY_IN_PROGRESS', 'Still being processed.')],
    ['an unreadable answer', new ConsoleApiError(502, 'BAD_ANSWER', 'Unexpected shape.')],
    ['a thrown non-API error', new TypeError('failed to fetch')],
  ])('treats %s as an unknown outcome: "Try again" with the same key', async (_, err) => {
    api.sendEditorCommand.mockRejectedValueOnce(err).mockResolvedValueOnce(snapshot(4, 'completed'));
    const { commands } = setup();
    expect(await commands.complete()).toBe(false);
    const failure = toasts.shown.at(-1)!;
    expect(failure.message).toMatch(/^Completing failed: /);
    failure.action!.onClick();
    await vi.waitFor(() => expect(toasts.shown.at(-1)?.message).toBe('Layout completed with 1 fields (version 4).'));
    expect(keys()[1]).toBe(keys()[0]);
  });

  it('takes a definite refusal as the answer: its message, no "Try again", and a new key for the next click', async () => {
    api.sendEditorCommand
      .mockRejectedValueOnce(new ConsoleApiError(403, 'FORBIDDEN', 'Your role does not allow this action.'))
      .mockResolvedValueOnce(snapshot(4));
    const { commands } = setup();
    expect(await commands.save()).toBe(false);
    expect(toasts.shown).toEqual([{ kind: 'error', message: 'Your role does not allow this action.', action: undefined }]);
    await commands.save();
    expect(keys()[1]).not.toBe(keys()[0]);
  });

  it.each([
    [422, 'INVALID_LAYOUT'],
    [400, 'BAD_REQUEST'],
  ])('marks the fields a refused layout (%i %s) names and brings the first into view', async (status, code) => {
    api.sendEditorCommand.mockRejectedValueOnce(
      new ConsoleApiError(status, code, 'Invalid layout', [
        { path: 'fields.0.width', message: 'the field ends beyond the right edge' },
      ]),
    );
    const { commands, actions, deps } = setup();
    await commands.save();
    expect(actions).toEqual([
      {
        type: 'rejected',
        problems: {
          byField: { signature_1: [{ property: 'width', message: 'the field ends beyond the right edge' }] },
          general: [],
        },
      },
    ]);
    expect(deps.reveal).toHaveBeenCalledWith('signature_1');
    // Said beside the field and in the problem list, never in a toast over the panel.
    expect(toasts.shown).toEqual([]);
  });

  it('re-reads and adopts the server layout after a version conflict; the conflict dialog speaks for itself', async () => {
    api.sendEditorCommand.mockRejectedValueOnce(new ConsoleApiError(409, 'VERSION_CONFLICT', 'Stale version'));
    api.readEditor.mockResolvedValueOnce(snapshot(5));
    const { commands, deps } = setup();
    await commands.save();
    expect(deps.adopt).toHaveBeenCalledWith(snapshot(5), 'save');
    expect(toasts.shown).toEqual([]);
  });

  it('says a layout completed elsewhere can no longer change, after adopting it: the fresh read tells, not the code', async () => {
    api.sendEditorCommand.mockRejectedValueOnce(new ConsoleApiError(409, 'CONFLICT', 'Completed'));
    api.readEditor.mockResolvedValueOnce(snapshot(5, 'completed'));
    const { commands, deps } = setup();
    deps.adopt.mockReturnValueOnce('loaded');
    await commands.save();
    expect(deps.adopt).toHaveBeenCalledWith(snapshot(5, 'completed'), 'save');
    expect(toasts.shown.at(-1)?.message).toBe('This layout has been completed elsewhere; it can no longer be changed.');
  });

  it('reports an expired session, keeping the layout', async () => {
    api.sendEditorCommand.mockRejectedValueOnce(new ConsoleApiError(409, 'EDITOR_SESSION_EXPIRED', 'Expired'));
    const { commands, deps } = setup();
    await commands.save();
    expect(deps.markExpired).toHaveBeenCalledTimes(1);
    expect(toasts.shown.at(-1)?.message).toBe('The editor session has expired. Open a new session; your layout is kept.');
  });

  it('sends nothing before the layout has been read', async () => {
    const { commands } = setup({ version: null });
    expect(await commands.save()).toBe(false);
    expect(api.sendEditorCommand).not.toHaveBeenCalled();
  });
});
