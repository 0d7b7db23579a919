import { describe, expect, it } from 'vitest';
import { chooseSigningApi } from './signing-api-choice.ts';

// On PostgreSQL the console is one of several instances: an embedded sandbox per instance
// would collide with the others and write demo accounts into the shared database.
describe('chooseSigningApi', () => {
  const pg = 'postgres://signdesk@db.internal:5432/signdesk';

  it('uses the configured API whenever its URL is set', () => {
    expect(chooseSigningApi({ SIGNING_API_BASE_URL: 'https://api.example.com', DATABASE_URL: pg })).toEqual({ kind: 'external' });
    expect(chooseSigningApi({ SIGNING_API_BASE_URL: 'https://api.example.com' })).toEqual({ kind: 'external' });
  });

  it('starts the embedded sandbox on the local SQLite database', () => {
    expect(chooseSigningApi({})).toEqual({ kind: 'embedded' });
    expect(chooseSigningApi({ SIGNING_API_BASE_URL: '', DATABASE_URL: '' })).toEqual({ kind: 'embedded' });
  });

  it('refuses the embedded sandbox on PostgreSQL in one line naming what to set', () => {
    const choice = chooseSigningApi({ DATABASE_URL: pg, SIGNING_API_BASE_URL: '' });
    expect(choice.kind).toBe('refused');
    const message = choice.kind === 'refused' ? choice.message : '';
    expect(message).not.toContain('\n');
    for (const name of ['SIGNING_API_BASE_URL', 'SIGNING_API_KEY', 'EMBEDDED_SANDBOX=true']) expect(message).toContain(name);
    expect(message).not.toContain('db.internal');
  });

  it('starts it on PostgreSQL only when asked for with EMBEDDED_SANDBOX=true', () => {
    expect(chooseSigningApi({ DATABASE_URL: pg, EMBEDDED_SANDBOX: 'true' })).toEqual({ kind: 'embedded' });
    expect(chooseSigningApi({ DATABASE_URL: pg, EMBEDDED_SANDBOX: 'false' }).kind).toBe('refused');
    const typo = chooseSigningApi({ DATABASE_URL: pg, EMBEDDED_SANDBOX: 'yes' });
    expect(typo).toEqual({ kind: 'refused', message: expect.stringContaining('EMBEDDED_SANDBOX must be true or false') });
  });
});
