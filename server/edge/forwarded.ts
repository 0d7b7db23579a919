// No `import 'server-only'`: scripts/console-server.ts loads this under plain node (no react-server condition, where that package throws); it uses node:net, so a browser import fails the build anyway.
import { BlockList, isIP } from 'node:net';

// Which forwarding headers to believe (DESIGN.md section 5). A client can put anything in
// X-Forwarded-For, and Next only fills it in when it is absent, so the console's own server
// decides who the client is before Next sees the request: the connecting peer, unless that
// peer is one of TRUSTED_PROXIES, in which case the right-most untrusted X-Forwarded-For
// entry (the one our own proxies appended) is the client.

/** The header our server sets on every request; any copy sent by a client is dropped. */
export const CLIENT_ADDRESS_HEADER = 'x-signdesk-client-address';

export interface TrustedProxies {
  trusts(address: string): boolean;
  readonly entries: readonly string[];
}

/** IPv4-mapped IPv6 ("::ffff:10.0.0.1") is the IPv4 address; brackets and zone ids go. */
export function normaliseAddress(raw: string): string {
  let a = raw.trim();
  if (a.startsWith('[')) a = a.slice(1, a.indexOf(']') > 0 ? a.indexOf(']') : undefined);
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  a = a.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  return mapped ? mapped[1]! : a;
}

/**
 * Parses `TRUSTED_PROXIES`: comma-separated addresses, CIDR ranges (IPv4 or IPv6) or
 * `loopback`. Throws on an entry it cannot read, so a typo never silently trusts no one
 * (or everyone).
 */
export function parseTrustedProxies(text: string | undefined): TrustedProxies {
  const list = new BlockList();
  const entries = (text ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address = '', prefixText, ...rest] = entry.split('/');
    const version = isIP(address);
    const prefix = prefixText === undefined ? null : Number(prefixText);
    const maxPrefix = version === 6 ? 128 : 32;
    if (version === 0 || rest.length > 0 || (prefix !== null && (!/^\d{1,3}$/.test(prefixText!) || prefix > maxPrefix))) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address, a CIDR range or "loopback"`);
    }
    const type = version === 6 ? 'ipv6' : 'ipv4';
    if (prefix === null) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return {
    entries,
    trusts(address) {
      const a = normaliseAddress(address);
      const version = isIP(a);
      return version !== 0 && list.check(a, version === 6 ? 'ipv6' : 'ipv4');
    },
  };
}

/** The client's address for a request that arrived from `peer` carrying `forwardedFor`. */
export function clientAddressOf(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: TrustedProxies,
): string {
  const peerAddress = peer ? normaliseAddress(peer) : 'unknown';
  if (!trusted.trusts(peerAddress)) return peerAddress;
  const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .split(',')
    .map(normaliseAddress)
    .filter(Boolean);
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = chain[i]!;
    if (isIP(hop) === 0) return peerAddress; // a garbled chain: believe only the socket
    if (!trusted.trusts(hop)) return hop;
  }
  return chain[0] ?? peerAddress;
}

type Headers = Record<string, string | string[] | undefined>;

/**
 * Rewrites the forwarding headers of an incoming request in place: the client address is
 * pinned, and X-Forwarded-Proto/Host/Port survive only from a trusted proxy (otherwise Next
 * derives them from the socket, so `https` cannot be claimed by a plain-HTTP client).
 */
export function pinForwardedHeaders(headers: Headers, peer: string | undefined, trusted: TrustedProxies): string {
  const client = clientAddressOf(peer, headers['x-forwarded-for'], trusted);
  if (!trusted.trusts(peer ?? '')) {
    delete headers['x-forwarded-proto'];
    delete headers['x-forwarded-host'];
    delete headers['x-forwarded-port'];
  }
  headers['x-forwarded-for'] = client;
  headers[CLIENT_ADDRESS_HEADER] = client;
  return client;
}
