import 'server-only';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseEnv, type Env } from '../env';
import type { User } from '../users/users';

// Rotating SESSION_PASSWORD must not sign anyone out: every key keeps its id wherever it
// stands in the list, the first key seals, every listed key opens, an unlisted key opens nothing.
const A = 'session-password-A-0123456789-abcdefghijkl';
const B = 'session-password-B-0123456789-abcdefghijkl';

let current: Env;
const configure = (SESSION_PASSWORD: string) => {
  current = parseEnv({ SIGNING_API_BASE_URL: 'http://127.0.0.1:1', SIGNING_API_KEY: 'session-unit-test-key', SESSION_PASSWORD });
};
vi.mock('../env', async (original) => ({ ...(await original<typeof import('../env')>()), env: () => current }));

const user: User = {
  id: 'usr_unit01',
  email: 'a@b.c',
  name: 'A',
  roles: ['viewer'],
  disabled: false,
  sessionVersion: 1,
  createdAt: '',
  updatedAt: '',
  origin: 'local',
  lastSignInAt: null,
};
vi.mock('../db', () => ({ db: async () => ({}) }));
vi.mock('../users/users', () => ({ findUser: async (_db: unknown, id: string) => (id === user.id ? user : null) }));

// The cookie jar Next would hand a route handler.
const jar = new Map<string, string>();
vi.mock('next/headers', () => ({
  headers: async () => new Headers({ host: 'localhost:3000' }),
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    set: (name: string, value: string) => void (value ? jar.set(name, value) : jar.delete(name)),
  }),
}));

const session = await import('./session');
const request = (seal: string) => ({
  headers: new Headers({ host: 'localhost:3000' }),
  cookies: { get: () => ({ value: seal }) },
});
const signedIn = async (seal: string) => (await session.currentSession(false, request(seal))).user?.id ?? null;
const keyId = (seal: string) => seal.split('*')[1];

async function sealUnder(list: string): Promise<string> {
  configure(list);
  jar.clear();
  await session.startSession(user);
  return jar.get('signdesk')!;
}

beforeEach(() => jar.clear());

describe('session password rotation', () => {
  it('keeps a cookie sealed under [A] open under [B, A] and [A, B]', async () => {
    const sealed = await sealUnder(A);
    for (const list of [A, `${B},${A}`, `${A},${B}`]) {
      configure(list);
      expect(await signedIn(sealed), list).toBe(user.id);
    }
  });

  it('seals new cookies with the first password, whatever its id', async () => {
    const underBA = await sealUnder(`${B},${A}`);
    const underAB = await sealUnder(`${A},${B}`);
    configure(B);
    expect(await signedIn(underBA)).toBe(user.id);
    expect(await signedIn(underAB)).toBeNull();
    configure(A);
    expect(await signedIn(underAB)).toBe(user.id);
    expect(await signedIn(underBA)).toBeNull();
    expect(keyId(underBA)).toBe(keyId(await sealUnder(B)));
    expect(keyId(underAB)).toBe(keyId(await sealUnder(A)));
  });

  it('opens nothing sealed with a password once it is removed, even a seal opened (and cached) before', async () => {
    const sealed = await sealUnder(A);
    configure(`${B},${A}`);
    expect(await signedIn(sealed)).toBe(user.id);
    configure(B);
    expect(await signedIn(sealed)).toBeNull();
  });

  it('honours explicit ids: the first entry seals even with a lower id than the others', async () => {
    const sealed = await sealUnder(`7:${A}`);
    expect(keyId(sealed)).toBe('7');
    const rotated = await sealUnder(`2:${B},7:${A}`);
    expect(keyId(rotated)).toBe('2');
    expect(await signedIn(sealed)).toBe(user.id);
    configure(`7:${B}`); // the same id given to another password opens nothing of the old one
    expect(await signedIn(sealed)).toBeNull();
  });

  it('still opens cookies sealed before ids were stable (a single password had id 1)', async () => {
    const { sealData } = await import('iron-session');
    const legacy = await sealData({ uid: user.id, ver: 1, iat: Date.now(), seen: Date.now() }, { password: { 1: A }, ttl: 3600 });
    for (const list of [A, `${B},${A}`, `${A},${B}`]) {
      configure(list);
      expect(await signedIn(legacy), list).toBe(user.id);
    }
    configure(B);
    expect(await signedIn(legacy)).toBeNull();
  });

  it('refreshes an older key’s cookie under the first key, and signs out by clearing it', async () => {
    const sealed = await sealUnder(A);
    configure(`${B},${A}`);
    vi.useFakeTimers({ now: Date.now() + 120_000, toFake: ['Date'] });
    try {
      jar.set('signdesk', sealed);
      expect((await session.currentSession(true, request(sealed))).user?.id).toBe(user.id);
      const refreshed = jar.get('signdesk')!;
      expect(refreshed).not.toBe(sealed);
      expect(keyId(refreshed)).toBe(keyId(await sealUnder(B)));
      const out = await session.getSession();
      jar.set('signdesk', refreshed);
      expect((await session.getSession()).uid).toBe(user.id);
      out.destroy();
      expect(jar.has('signdesk')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('sliding the idle window', () => {
  it('re-seals the cookie only once its last seal is a minute old, not on every request', async () => {
    const sealed = await sealUnder(A);
    const requestAt = async (offsetMs: number) => {
      vi.useFakeTimers({ now: Date.now() + offsetMs, toFake: ['Date'] });
      try {
        jar.clear();
        expect((await session.currentSession(true, request(sealed))).user?.id).toBe(user.id);
        return jar.get('signdesk') ?? null;
      } finally {
        vi.useRealTimers();
      }
    };
    // Requests within the minute write no cookie: the answer carries no Set-Cookie.
    for (const offset of [0, 1_000, 30_000, 59_000]) expect(await requestAt(offset), `${offset} ms`).toBeNull();
    const resealed = await requestAt(61_000);
    expect(resealed).not.toBeNull();
    expect(resealed).not.toBe(sealed);
  });
});
