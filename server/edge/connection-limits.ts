// No `import 'server-only'`: scripts/console-server.ts loads this under plain node (no react-server condition, where that package throws); it uses node:net, so a browser import fails the build anyway.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { EDGE_ANSWER_HEADERS } from '../../lib/security/headers.ts';
import { normaliseAddress, type TrustedProxies } from './forwarded.ts';

// Every open connection holds a file descriptor, and one held with a half-sent body costs its
// sender nothing: tens of thousands of them would leave the console none to open the API's
// sockets or its database's. So the console's own server caps connections in all and per client
// address. A trusted proxy is one address for everyone behind it: it is not capped here, and caps
// its clients itself (nginx's limit_conn; see the README's reverse-proxy section).

export interface ConnectionLimits {
  /** open connections in all (Node's server.maxConnections: further ones are closed at once) */
  total: number;
  /** open connections from one client address, trusted proxies excepted */
  perAddress: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { total: 4096, perAddress: 256 };

/** The limits, with MAX_CONNECTIONS / MAX_CONNECTIONS_PER_ADDRESS read from the environment. */
export function connectionLimits(source: Record<string, string | undefined>): ConnectionLimits {
  const count = (name: string, fallback: number) => {
    const text = source[name]?.trim();
    if (!text) return fallback;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < 1 || value > 1_000_000)
      throw new Error(`${name}: "${text}" must be a whole number from 1 to 1000000`);
    return value;
  };
  const total = count('MAX_CONNECTIONS', DEFAULT_CONNECTION_LIMITS.total);
  const perAddress = count('MAX_CONNECTIONS_PER_ADDRESS', Math.min(DEFAULT_CONNECTION_LIMITS.perAddress, total));
  if (perAddress > total) throw new Error(`MAX_CONNECTIONS_PER_ADDRESS: ${perAddress} is more than MAX_CONNECTIONS (${total})`);
  return { total, perAddress };
}

const refusal = (() => {
  const body = JSON.stringify({
    error: {
      code: 'TOO_MANY_CONNECTIONS',
      message: 'Too many connections from your address. Close some and try again.',
      details: [],
    },
  });
  const headers = Object.entries({
    ...EDGE_ANSWER_HEADERS,
    'Content-Type': 'application/json',
    'Retry-After': '5',
    Connection: 'close',
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 503 Service Unavailable\r\n${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
})();

/** Applies the limits to `server`; answers a connection past its address's share with a 503 and closes it. */
export function limitConnections(server: Server, limits: ConnectionLimits, trusted: TrustedProxies) {
  server.maxConnections = limits.total;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = normaliseAddress(socket.remoteAddress ?? 'unknown');
    if (trusted.trusts(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
    if (count > limits.perAddress) {
      socket.end(refusal);
      socket.destroySoon();
    }
  });
}
