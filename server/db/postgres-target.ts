import 'server-only';
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';

// How the console reaches PostgreSQL from DATABASE_URL. The TLS parameters (sslmode,
// sslrootcert, sslcert, sslkey) are read here with libpq's meaning, the one an operator finds in
// PostgreSQL's documentation, because pg reads `sslmode=require` as verify-full and `prefer` as
// require: a URL copied from a libpq client would refuse a private CA's server, or claim a
// fallback pg cannot do. Every refusal names the URL, never its password.

export interface PostgresTarget {
  /** DATABASE_URL without the TLS parameters, which `ssl` carries */
  connectionString: string;
  /** for pg: undefined = pg's default (no TLS), false = none, else the TLS options */
  ssl: false | ConnectionOptions | undefined;
}

const TLS_PARAMETERS = ['sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'uselibpqcompat'];
const SSL_MODES = ['disable', 'require', 'verify-ca', 'verify-full'];

/** DATABASE_URL as logs and messages may show it: the password, in the user part or the query, left out. */
export function shownDatabaseUrl(databaseUrl: string): string {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return 'postgres://(not a readable URL)';
  }
  url.password = '';
  if (url.searchParams.has('password')) url.searchParams.delete('password');
  return url.toString();
}

/** The pool's connection string and TLS options; throws on parameters the console cannot honour. */
export function postgresTarget(databaseUrl: string): PostgresTarget {
  const refuse = (problem: string): never => {
    throw new Error(`DATABASE_URL ${shownDatabaseUrl(databaseUrl)}: ${problem}`);
  };
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return refuse('is not a URL (e.g. postgres://signdesk_app:secret@db.internal:5432/signdesk)');
  }
  const param = (name: string) => url.searchParams.get(name) ?? undefined;
  const mode = param('sslmode');
  if (mode === undefined && !TLS_PARAMETERS.some((name) => url.searchParams.has(name)))
    return { connectionString: databaseUrl, ssl: undefined };

  const read = (name: string): string | undefined => {
    const path = param(name);
    if (path === undefined) return undefined;
    try {
      return readFileSync(path, 'utf8');
    } catch (err) {
      return refuse(`${name} ${path} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  };
  let ssl: PostgresTarget['ssl'];
  if (mode === 'allow' || mode === 'prefer')
    refuse(
      `sslmode=${mode} is not supported (the console cannot fall back from TLS to none): use sslmode=require or verify-full, or disable`,
    );
  if (mode !== undefined && !SSL_MODES.includes(mode)) refuse(`sslmode must be one of ${SSL_MODES.join(', ')}, not "${mode}"`);
  if (mode === 'disable') ssl = false;
  else {
    // sslrootcert=system: the system's CAs (libpq 16), which is Node's own store.
    const ca = param('sslrootcert') === 'system' ? undefined : read('sslrootcert');
    if (mode === 'verify-ca' && ca === undefined) refuse('sslmode=verify-ca needs sslrootcert=<the CA file>');
    // libpq: require with a root certificate checks the chain as verify-ca does; verify-ca never checks the name.
    const chainOnly = mode === 'verify-ca' || (mode === 'require' && ca !== undefined);
    if (mode === 'require' && ca === undefined) ssl = { rejectUnauthorized: false };
    else
      ssl = {
        rejectUnauthorized: true,
        ...(ca === undefined ? {} : { ca }),
        ...(chainOnly ? { checkServerIdentity: () => undefined } : {}),
      };
    if (url.searchParams.has('sslcert') !== url.searchParams.has('sslkey'))
      refuse('sslcert and sslkey go together (the client certificate and its key)');
    const cert = read('sslcert');
    if (cert !== undefined) ssl = { ...ssl, cert, key: read('sslkey') };
  }
  for (const name of TLS_PARAMETERS) url.searchParams.delete(name);
  return { connectionString: url.toString(), ssl };
}

const UNTRUSTED = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_SIGNATURE_FAILURE',
]);

function explain(err: Error): string {
  const code = (err as Error & { code?: unknown }).code;
  const tag = typeof code === 'string' ? ` (${code})` : '';
  if (typeof code === 'string' && UNTRUSTED.has(code))
    return `the server's certificate is not signed by the CA in sslrootcert (or, without it, by any CA this system trusts)${tag}`;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return `the server's certificate does not name the host in DATABASE_URL${tag}`;
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') return `the server's certificate is not valid now${tag}`;
  if (/does not support SSL/i.test(err.message))
    return 'the server does not accept TLS connections (ssl = off): turn ssl on, or drop sslmode';
  return `${err.message}${tag}`;
}

/** A failure to open the first connection, as start-up reports it: the URL (no password) and what went wrong. */
export function connectionFailure(err: unknown, databaseUrl: string): Error {
  const cause = err instanceof Error ? err : new Error(String(err));
  return new Error(`Cannot connect to the console database at DATABASE_URL ${shownDatabaseUrl(databaseUrl)}: ${explain(cause)}`, {
    cause,
  });
}
