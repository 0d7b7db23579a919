// No `import 'server-only'`: scripts/console-server.ts loads this under plain node (no react-server condition, where that package throws); lint keeps components/ and lib/ from importing server/.
// The console's public URL (CONSOLE_PUBLIC_URL) and the Host names it answers to. A request
// naming any other host is refused before anything else reads it: a DNS-rebinding page, whose
// name resolves to the console's address, otherwise drives the console under a foreign name,
// and the same-origin check would compare its Origin with the Host it wrote itself.
/**
 * Set by the console's own server on a request for a public host: the origin its own pages
 * send from (the public URL's scheme and the host named). Any copy a client sends is dropped.
 */
export const REQUEST_ORIGIN_HEADER = 'x-signdesk-origin';

export interface PublicOrigin {
  /** the console's public origin, e.g. https://signdesk.example.com */
  readonly origin: string;
  /** Host header values (lower case, default ports dropped) this console answers to */
  readonly hosts: ReadonlySet<string>;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** A host:port with the scheme's default port dropped and lower case, as browsers send it. */
function canonicalHost(host: string, protocol: string): string {
  const h = host.trim().toLowerCase();
  const port = protocol === 'https:' ? ':443' : ':80';
  return h.endsWith(port) ? h.slice(0, -port.length) : h;
}

/**
 * Reads CONSOLE_PUBLIC_URL (an http(s) origin without path, query or credentials), defaulting to
 * the address the console listens on. Without a configured URL, a console on a loopback
 * address also answers to the other loopback names on its port (what `npm start` prints is
 * 127.0.0.1; a user may type localhost); a configured URL is the only name accepted.
 */
export function parsePublicOrigin(configured: string | undefined, listen: { hostname: string; port: number }): PublicOrigin {
  const text =
    configured?.trim() ||
    `http://${listen.hostname === '0.0.0.0' || listen.hostname === '::' ? 'localhost' : listen.hostname}:${listen.port}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`CONSOLE_PUBLIC_URL: "${text}" is not a URL (e.g. https://signdesk.example.com)`);
  }
  if (
    !['http:', 'https:'].includes(url.protocol) ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    url.pathname !== '/'
  )
    throw new Error(`CONSOLE_PUBLIC_URL: "${text}" must be an http(s) origin without path, query or credentials`);
  const hosts = new Set([canonicalHost(url.host, url.protocol)]);
  if (!configured?.trim() && LOOPBACK_NAMES.includes(url.hostname))
    for (const name of LOOPBACK_NAMES) hosts.add(`${name}:${listen.port}`);
  return { origin: url.origin, hosts };
}

/** One host name (or bracketed IPv6 address) and an optional port: never a list, a path or spaces. */
const ONE_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Whether a request naming `host` (the forwarded host from a trusted proxy, else Host) is for
 * this console. A list ("console:3000,evil.example") is refused whole: no part of it is believed.
 */
export function isPublicHost(origin: PublicOrigin, host: string | undefined): boolean {
  if (!host || !ONE_HOST.test(host.trim())) return false;
  const protocol = new URL(origin.origin).protocol;
  return origin.hosts.has(canonicalHost(host, protocol));
}

/** The origin a request for `host` (already found public) comes from on the console's own pages. */
export function originFor(origin: PublicOrigin, host: string): string {
  return `${new URL(origin.origin).protocol}//${canonicalHost(host, new URL(origin.origin).protocol)}`;
}
