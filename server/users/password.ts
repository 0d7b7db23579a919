import 'server-only';
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

// OWASP's password storage guidance lists scrypt N=2^17, r=8, p=1 and equal-cost variants;
// N=2^15, r=8, p=3 is one of them and needs 32 MiB per hash instead of 128 MiB, so a burst
// of parallel sign-ins (at most libuv's pool size at once) cannot exhaust memory.
export const PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;
const MAX_MEM = 256 * 1024 * 1024;
const KEY_LENGTH = 32;
// Stored hashes never ask for more than this, so a tampered row cannot stall the server.
const LIMITS = { N: 2 ** 20, r: 32, p: 16 };

/** `scrypt$N$r$p$salt$hash`, so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: MAX_MEM });
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

function parseHash(stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const sane = Object.entries(params).every(
    ([k, v]) => Number.isSafeInteger(v) && v > 0 && v <= LIMITS[k as keyof typeof LIMITS],
  );
  if (scheme !== 'scrypt' || !salt || !hash || !sane) return null;
  return { params, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.hash.length === 0) return false;
  const key = await scrypt(password, parsed.salt, parsed.hash.length, { ...parsed.params, maxmem: MAX_MEM });
  return timingSafeEqual(key, parsed.hash);
}

/** A hash made with weaker parameters than today's: rehashed at the next successful sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return (
    !parsed ||
    parsed.params.N !== PARAMS.N ||
    parsed.params.r !== PARAMS.r ||
    parsed.params.p !== PARAMS.p ||
    parsed.hash.length !== KEY_LENGTH
  );
}

/** A hash of nothing anyone knows, at today's cost: unknown accounts cost the same time as known ones. */
export const DUMMY_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
