import 'server-only';
import { describe, expect, it } from 'vitest';
import { readErrorBody } from './error-body';

// The spec does not show the error body (section 7): whatever shape a host chooses, the
// console gets a code when one is given, a message for people and details on field paths.
describe('reading an upstream error body', () => {
  it('reads the sandbox envelope', () => {
    const body = JSON.stringify({ error: { code: 'WORKFLOW_IN_USE', message: 'In use.', details: [{ path: 'recipients.0.email', message: 'bad', current: 3 }] } });
    expect(readErrorBody(409, 'application/json', body)).toEqual({
      code: 'WORKFLOW_IN_USE',
      message: 'In use.',
      details: [{ path: 'recipients.0.email', message: 'bad', current: 3 }],
    });
  });

  it('reads problem+json: the code from its member or its type, the detail, and errors on JSON pointers', () => {
    const body = JSON.stringify({
      type: 'https://errors.example.com/problems/workflow-in-use',
      title: 'Workflow in use',
      status: 409,
      detail: 'Two requests still use this workflow.',
      errors: [
        { pointer: '/recipients/0/email', detail: 'is not an address' },
        { pointer: '#/values/a~1b', message: 'too long' },
      ],
    });
    expect(readErrorBody(409, 'application/problem+json', body)).toEqual({
      code: 'WORKFLOW_IN_USE',
      message: 'Two requests still use this workflow.',
      details: [
        { path: 'recipients.0.email', message: 'is not an address' },
        { path: 'values.a/b', message: 'too long' },
      ],
    });
    const coded = JSON.stringify({ type: 'about:blank', title: 'Busy', code: 'UPLOAD_BUSY', 'invalid-params': [{ name: 'file', reason: 'too big' }] });
    expect(readErrorBody(503, 'application/problem+json', coded)).toEqual({ code: 'UPLOAD_BUSY', message: 'Busy', details: [{ path: 'file', message: 'too big' }] });
  });

  it('gives bracketed paths the dotted form the forms read', () => {
    const body = JSON.stringify({ error: { code: 'X', message: 'Bad.', details: [{ path: 'recipients[1].name', message: 'required' }] } });
    expect(readErrorBody(422, 'application/json', body).details).toEqual([{ path: 'recipients.1.name', message: 'required' }]);
  });

  it('turns a short plain-text body into the message, with no code', () => {
    expect(readErrorBody(409, 'text/plain', 'Version conflict: expected 3, found 4\n')).toEqual({
      code: null,
      message: 'Version conflict: expected 3, found 4',
      details: [],
    });
  });

  it('says what the status means when the body is empty, HTML or unreadable', () => {
    expect(readErrorBody(409, null, '')).toEqual({ code: null, message: 'The Signing API answered 409 (a stale version, an active use or an idempotency conflict).', details: [] });
    expect(readErrorBody(502, 'text/html', '<html>Bad gateway at internal-host-7</html>').message).toBe('The Signing API answered 502.');
    expect(readErrorBody(422, 'application/json', '{"error": 42}')).toEqual({ code: null, message: 'The Signing API answered 422 (invalid input).', details: [] });
  });

  it('ignores a code that is not a code', () => {
    const body = JSON.stringify({ error: { code: 'not a code, sk_live_123', message: 'Nope.' } });
    expect(readErrorBody(400, 'application/json', body).code).toBeNull();
  });
});
