import 'server-only';
import { isIP } from 'node:net';

/**
 * The unit an address is counted in for sign-in throttling: an IPv4 address as it is, an
 * IPv6 address by its /64. One subscriber or host is routinely given a whole /64, so counting
 * IPv6 addresses exactly would give one attacker 2^64 fresh allowances.
 */
export function addressBucket(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  // An embedded IPv4 tail ("::ffff:1.2.3.4", "64:ff9b::1.2.3.4") is two groups; the /64 lies before it.
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  const prefix = groups.slice(0, 4).map((g) => (g.includes('.') ? g : String(Number.parseInt(g, 16).toString(16))));
  return `${prefix.join(':')}::/64`;
}
