import 'server-only';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectionFailure, postgresTarget, shownDatabaseUrl } from './postgres-target';

// DATABASE_URL's TLS parameters mean what libpq's documentation says they mean (an operator
// copies the URL from their database's documentation), and every refusal names the URL without
// its password.
const dir = mkdtempSync(join(tmpdir(), 'postgres-target-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ca = join(dir, 'ca.pem');
writeFileSync(ca, '-----BEGIN CERTIFICATE-----\nnot checked here\n-----END CERTIFICATE-----\n');
const BASE = 'postgres://signdesk_app:pa55word@db.internal:5432/signdesk';

const refusal = (url: string) => {
  try {
    postgresTarget(url);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`accepted ${url}`);
};

describe('shownDatabaseUrl', () => {
  it('keeps everything but the password, from the user part and from the query', () => {
    expect(shownDatabaseUrl(BASE)).toBe('postgres://signdesk_app@db.internal:5432/signdesk');
    expect(shownDatabaseUrl('postgres://u@h/db?password=hunter22&sslmode=require')).toBe('postgres://u@h/db?sslmode=require');
    expect(shownDatabaseUrl('not a url pa55word')).not.toContain('pa55word');
  });
});

describe('postgresTarget: sslmode as libpq reads it', () => {
  it('leaves TLS off without sslmode or with disable, as before', () => {
    expect(postgresTarget(BASE)).toEqual({ connectionString: BASE, ssl: undefined });
    expect(postgresTarget(`${BASE}?sslmode=disable`).ssl).toBe(false);
  });

  it('encrypts without checking the certificate on require, and checks the CA (not the name) with sslrootcert', () => {
    const plain = postgresTarget(`${BASE}?sslmode=require`);
    expect(plain.ssl).toEqual({ rejectUnauthorized: false });
    // The parameters are the console's to apply: pg would read require as verify-full.
    expect(plain.connectionString).toBe(BASE);
    const withCa = postgresTarget(`${BASE}?sslmode=require&sslrootcert=${ca}`).ssl;
    expect(withCa).toMatchObject({ rejectUnauthorized: true, ca: expect.stringContaining('not checked here') });
    expect((withCa as { checkServerIdentity: () => unknown }).checkServerIdentity()).toBeUndefined();
  });

  it('checks the CA and the host name on verify-full, with the CA file or the system store', () => {
    const full = postgresTarget(`${BASE}?sslmode=verify-full&sslrootcert=${ca}&application_name=signdesk`);
    expect(full.ssl).toEqual({ rejectUnauthorized: true, ca: expect.stringContaining('not checked here') });
    expect(full.connectionString).toBe(`${BASE}?application_name=signdesk`);
    expect(postgresTarget(`${BASE}?sslmode=verify-full`).ssl).toEqual({ rejectUnauthorized: true });
    expect(postgresTarget(`${BASE}?sslmode=verify-full&sslrootcert=system`).ssl).toEqual({ rejectUnauthorized: true });
  });

  it('refuses what the console cannot honour, naming DATABASE_URL without its password', () => {
    for (const [query, says] of [
      ['sslmode=prefer', /sslmode=prefer is not supported/],
      ['sslmode=allow', /sslmode=allow is not supported/],
      ['sslmode=verify-everything', /sslmode must be one of disable, require, verify-ca, verify-full/],
      ['sslmode=verify-ca', /verify-ca needs sslrootcert/],
      [`sslmode=verify-full&sslrootcert=${join(dir, 'missing.pem')}`, /sslrootcert .*missing\.pem cannot be read \(ENOENT\)/],
      [`sslmode=verify-full&sslcert=${ca}`, /sslcert and sslkey go together/],
    ] as const) {
      const message = refusal(`${BASE}?${query}`);
      expect(message, query).toMatch(says);
      expect(message, query).toMatch(/^DATABASE_URL postgres:\/\/signdesk_app@db\.internal:5432\/signdesk/);
      expect(message, query).not.toContain('pa55word');
    }
  });
});

describe('connectionFailure', () => {
  const tlsError = (code: string, message: string) => Object.assign(new Error(message), { code });

  it('explains a certificate the console does not trust, naming the URL without its password', () => {
    const err = connectionFailure(
      tlsError('SELF_SIGNED_CERT_IN_CHAIN', 'self-signed certificate in certificate chain'),
      `${BASE}?sslmode=verify-full&sslrootcert=${ca}`,
    );
    expect(err.message).toMatch(
      /^Cannot connect to the console database at DATABASE_URL postgres:\/\/signdesk_app@db\.internal:5432\/signdesk\?sslmode=verify-full/,
    );
    expect(err.message).toMatch(/not signed by the CA in sslrootcert.*SELF_SIGNED_CERT_IN_CHAIN/);
    expect(err.message).not.toContain('pa55word');
    expect(err.cause).toBeInstanceOf(Error);
  });

  it('explains a certificate for another host, and a server without TLS', () => {
    expect(
      connectionFailure(tlsError('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames"), BASE)
        .message,
    ).toMatch(/certificate does not name the host in DATABASE_URL/);
    expect(connectionFailure(new Error('The server does not support SSL connections'), BASE).message).toMatch(
      /the server does not accept TLS connections/,
    );
  });

  it('keeps the cause, so an unreachable database is still told apart as an outage', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' });
    const err = connectionFailure(refused, BASE);
    expect(err.message).toContain('connect ECONNREFUSED 127.0.0.1:5432');
    expect(err.cause).toBe(refused);
  });
});
