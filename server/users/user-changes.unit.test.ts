import 'server-only';
import { describe, expect, it } from 'vitest';
import { userChanges } from './user-changes';

// A PATCH of an account is recorded change by change, so each can be found by its own name.
describe('userChanges', () => {
  it('names each change apart', () => {
    expect(userChanges({ roles: ['viewer', 'admin'] })).toEqual([
      { operation: 'user.roles_change', details: { roles: ['viewer', 'admin'] } },
    ]);
    expect(userChanges({ disabled: true })).toEqual([{ operation: 'user.disable' }]);
    expect(userChanges({ disabled: false })).toEqual([{ operation: 'user.enable' }]);
  });

  it('records every change of a PATCH that makes several, each with its own details', () => {
    expect(userChanges({ roles: ['operator'], disabled: true })).toEqual([
      { operation: 'user.roles_change', details: { roles: ['operator'] } },
      { operation: 'user.disable' },
    ]);
    expect(userChanges({ roles: ['sender'], disabled: false }).map((c) => c.operation)).toEqual([
      'user.roles_change',
      'user.enable',
    ]);
  });

  it('records nothing for a body that changes nothing (the schema refuses one before)', () => {
    expect(userChanges({})).toEqual([]);
  });
});
