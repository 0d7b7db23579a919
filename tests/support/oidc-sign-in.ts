// A browser's sign-in through the console and the tests' provider, step by step over HTTP, so a
// test can stop at the callback and tamper with it, replay it, or drop the flow cookie.

type Jar = Map<string, string>;

const cookieHeader = (jar: Jar) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

function keep(jar: Jar, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    const name = pair!.slice(0, at).trim();
    const value = pair!.slice(at + 1).trim();
    if (/max-age=0/i.test(line) || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

async function get(url: string, jar: Jar, init: RequestInit = {}) {
  const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: cookieHeader(jar) } });
  keep(jar, res);
  return res;
}

export interface ProviderSignIn {
  /** the callback the provider sent the browser to: the console's redirect URL with code, state and iss */
  callback: URL;
  /** the console's cookies at that moment (the sealed flow) */
  consoleJar: Jar;
}

/** From the console's start to the provider's redirect back, as `accountId` signing in at the provider. */
export async function throughProvider(consoleUrl: string, accountId: string, next?: string): Promise<ProviderSignIn> {
  const consoleJar: Jar = new Map();
  const start = await get(`${consoleUrl}/api/auth/oidc/start${next ? `?next=${encodeURIComponent(next)}` : ''}`, consoleJar);
  if (start.status !== 302) throw new Error(`start: ${start.status} ${await start.text()}`);
  const { callback } = await throughProviderFrom(new URL(start.headers.get('location')!), accountId);
  return { callback, consoleJar };
}

/** From an authorization URL to the redirect back (whatever the redirect URL), signing in as `accountId`. */
export async function throughProviderFrom(authorize: URL, accountId: string): Promise<{ callback: URL }> {
  const providerJar: Jar = new Map();
  let location = authorize;
  for (let hop = 0; hop < 10; hop++) {
    if (location.origin !== authorize.origin) return { callback: location };
    const interaction = /\/interaction\/([^/?#]+)$/.exec(location.pathname);
    const res = interaction
      ? await get(location.href, providerJar).then(() =>
          get(location.href, providerJar, {
            method: 'POST',
            body: new URLSearchParams({ prompt: 'login', login: accountId, password: 'any' }),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }),
        )
      : await get(location.href, providerJar);
    const next = res.headers.get('location');
    if (!next) throw new Error(`the provider stopped at ${location.href}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    location = new URL(next, location);
  }
  throw new Error('the provider never sent the browser back');
}

/** The console's answer to a callback: where it sends the browser, and the session cookie it set, if any. */
export async function callbackAnswer(callback: URL, consoleJar: Jar) {
  const res = await get(callback.href, consoleJar);
  const session = [...consoleJar].find(([name]) => name === 'signdesk' || name === '__Host-signdesk');
  return { status: res.status, location: res.headers.get('location'), cookie: session ? `${session[0]}=${session[1]}` : null };
}
