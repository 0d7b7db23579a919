import 'server-only';
import { sealData, unsealData } from 'iron-session';
import { env, type SessionKey } from '../env';

// Sealing and opening with SESSION_PASSWORD (server/env.ts gives every password a stable id).
// iron-session seals with the highest id of the map it is given, and our ids say nothing about
// order, so sealing hands it the first key alone; opening picks the key by the id in the seal.

/** The key that seals: the first one listed. */
export function sealingKey(): SessionKey {
  return env().SESSION_PASSWORD[0]!;
}

/** An iron-session password map holding the sealing key alone. */
export function sealingPassword(): Record<string, string> {
  const { id, secret } = sealingKey();
  return { [id]: secret };
}

export function seal(data: object, ttlSeconds: number): Promise<string> {
  return sealData(data, { password: sealingPassword(), ttl: ttlSeconds });
}

// Before ids were stable, a password's id was its position from the end of the list (a single
// password: 1). Such a seal names no configured id; every key is tried on it, so seals made
// before the upgrade keep opening until they expire (hours for cookies, two for editor ids).
const POSITIONAL_ID = /^[1-9]\d{0,2}$/;

function keysFor(id: string, keys: readonly SessionKey[]): readonly SessionKey[] {
  const exact = keys.filter((k) => k.id === id);
  return exact.length > 0 || !POSITIONAL_ID.test(id) ? exact : keys;
}

/** What `sealed` holds, or {} when no configured key opens it, it has expired or it is malformed. */
export async function open<T extends object>(sealed: string, ttlSeconds: number): Promise<Partial<T>> {
  const id = sealed.split('*')[1] ?? '';
  for (const key of keysFor(id, env().SESSION_PASSWORD)) {
    try {
      const data = await unsealData<Partial<T>>(sealed, { password: { [id]: key.secret }, ttl: ttlSeconds });
      if (Object.keys(data).length > 0) return data;
    } catch {
      // a forged or mangled seal is no seal; the next key may still open a positional one
    }
  }
  return {};
}
