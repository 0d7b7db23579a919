import { describe, expect, it } from 'vitest';
import { ConsoleApiError } from '@/lib/api-error';
import { applyApiError } from './apply-api-error.ts';

type Values = { name: string; email: string };

function recorder() {
  const calls: { name: string; message?: string; type?: string; focus?: boolean }[] = [];
  const target = {
    setError: (name: string, error: { message?: string; type?: string }, options?: { shouldFocus?: boolean }) =>
      void calls.push({ name, message: error.message, type: error.type, focus: options?.shouldFocus }),
  };
  return { calls, target };
}

const fieldOf = (d: { path: string }) => (d.path === 'name' || d.path === 'email' ? d.path : undefined);

describe('applyApiError', () => {
  it('puts a refusal whose code belongs to a field on that field alone, in the words given', () => {
    const { calls, target } = recorder();
    const err = new ConsoleApiError(409, 'EMAIL_TAKEN', 'That e-mail address is already in use.');
    const codes = { EMAIL_TAKEN: { field: 'email' as const, message: (e: ConsoleApiError) => `${e.message} Choose another.` } };
    expect(applyApiError<Values>(target, err, { fieldOf, codes })).toBe('refused');
    expect(calls).toEqual([{ name: 'email', message: 'That e-mail address is already in use. Choose another.', type: 'EMAIL_TAKEN', focus: true }]);
    // Another code takes the usual path: above the buttons.
    const other = recorder();
    applyApiError<Values>(other.target, new ConsoleApiError(409, 'CONFLICT', 'Changed elsewhere.'), { fieldOf, codes });
    expect(other.calls).toEqual([{ name: 'root.server', message: 'Changed elsewhere.', type: 'CONFLICT', focus: undefined }]);
  });

  it('places 422 details on their fields, focusing the first, and nothing above the buttons', () => {
    const { calls, target } = recorder();
    const err = new ConsoleApiError(422, 'VALIDATION_FAILED', 'Check the fields.', [
      { path: 'email', message: 'must be an e-mail address' },
      { path: 'name', message: 'Too short' },
    ]);
    expect(applyApiError<Values>(target, err, { fieldOf })).toBe('refused');
    expect(calls).toEqual([
      { name: 'email', message: 'Must be an e-mail address', type: 'server', focus: true },
      { name: 'name', message: 'Too short', type: 'server', focus: false },
    ]);
  });

  it('shows details naming no field above the buttons with the message', () => {
    const { calls, target } = recorder();
    const err = new ConsoleApiError(422, 'VALIDATION_FAILED', 'Check the fields.', [
      { path: 'name', message: 'Too short' },
      { path: 'signers', message: 'too many' },
    ]);
    applyApiError<Values>(target, err, { fieldOf });
    expect(calls.at(-1)).toEqual({
      name: 'root.server',
      message: 'Check the fields. signers: too many',
      type: 'VALIDATION_FAILED',
      focus: undefined,
    });
  });

  it('drops details naming no field once another found its field, when asked', () => {
    const { calls, target } = recorder();
    const err = new ConsoleApiError(422, 'VALIDATION_FAILED', 'Check the fields.', [
      { path: 'name', message: 'Too short' },
      { path: 'signers', message: 'too many' },
    ]);
    applyApiError<Values>(target, err, { fieldOf, otherDetails: 'ignore' });
    expect(calls.map((c) => c.name)).toEqual(['name']);
  });

  it('shows any other refusal above the buttons, in the form’s own words when given', () => {
    const { calls, target } = recorder();
    const err = new ConsoleApiError(409, 'NAME_TAKEN', 'Taken.');
    applyApiError<Values>(target, err, { root: 'root', refused: (e) => `Not saved: ${e.message}` });
    expect(calls).toEqual([{ name: 'root', message: 'Not saved: Taken.', type: 'NAME_TAKEN', focus: undefined }]);
  });

  it('keeps the refusal above the buttons when asked, with fields unfocused when asked', () => {
    const { calls, target } = recorder();
    const err = new ConsoleApiError(422, 'VALIDATION_FAILED', 'Check.', [{ path: 'name', message: 'Too short' }]);
    applyApiError<Values>(target, err, { fieldOf, alwaysRoot: true, focus: false });
    expect(calls.map((c) => [c.name, c.focus])).toEqual([
      ['name', false],
      ['root.server', undefined],
    ]);
  });

  it('reports a lost answer as not known yet, never as nothing done', () => {
    for (const err of [
      new ConsoleApiError(0, 'NETWORK_ERROR', 'No connection.'),
      new ConsoleApiError(502, 'UPSTREAM', 'Bad gateway.'),
      new Error('boom'),
    ]) {
      const { calls, target } = recorder();
      expect(applyApiError<Values>(target, err, { fieldOf })).toBe('unknown');
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ name: 'root.server', type: 'unknown' });
      expect(calls[0]!.message).toMatch(/not known yet/);
      expect(calls[0]!.message).not.toMatch(/nothing was|was not/i);
    }
  });

  it('lets the form word an unknown outcome itself', () => {
    const { calls, target } = recorder();
    applyApiError<Values>(target, new TypeError('x'), { unknown: () => 'Maybe sent.' });
    expect(calls[0]!.message).toBe('Maybe sent.');
  });
});
